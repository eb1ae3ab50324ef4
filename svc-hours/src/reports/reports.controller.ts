import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { HoursReports } from '@district/contracts';
import { Roles } from '@district/service-kit';
import { csvWriter, sendCsv } from '../exports/exports.service';
import { HoursReportParamDto } from './reports.dto';
import { REPORT_COLUMNS, ReportsService } from './reports.service';

@Controller('api/service-hours/reports')
@Roles('admin')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  all(): Promise<HoursReports> {
    return this.reports.all();
  }

  // :report.csv, e.g. /api/service-hours/reports/goals-met.csv
  @Get(':report.csv')
  async csv(@Param() { report }: HoursReportParamDto, @Res() reply: FastifyReply): Promise<void> {
    const rows = await this.reports.rows(report);
    const csv = csvWriter(REPORT_COLUMNS[report]);
    for (const row of rows) csv.write(row);
    csv.end();
    await sendCsv(reply, `${report}.csv`, csv);
  }
}
