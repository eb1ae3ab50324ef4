import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Roles } from '@district/service-kit';
import { HoursFilterQueryDto } from './exports.dto';
import { exportFileName, ExportsService, sendCsv } from './exports.service';

@Controller('api/service-hours')
export class ExportsController {
  constructor(private readonly exportsService: ExportsService) {}

  // The supervisor screen's entries as CSV, with the same filters (students: 403).
  @Get('export.csv')
  @Roles('supervisor')
  async exportCsv(@Query() query: HoursFilterQueryDto, @Res() reply: FastifyReply): Promise<void> {
    const csv = await this.exportsService.open(query);
    await sendCsv(reply, exportFileName(), csv);
  }
}
