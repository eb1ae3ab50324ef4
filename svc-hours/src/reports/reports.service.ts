import { Injectable } from '@nestjs/common';
import type { HoursReportName, HoursReports } from '@district/contracts';
import { ReportsRepository } from './reports.repository';

// Each report's CSV columns, in the order the table on screen shows them.
export const REPORT_COLUMNS: Record<HoursReportName, Array<{ key: string; header: string }>> = {
  'hours-by-month': [
    { key: 'school', header: 'School' },
    { key: 'month', header: 'Month' },
    { key: 'hours', header: 'Approved hours' },
  ],
  'goals-met': [
    { key: 'school', header: 'School' },
    { key: 'grade', header: 'Grade' },
    { key: 'students', header: 'Students with a goal' },
    { key: 'met', header: 'Met their goal' },
  ],
  'top-organisations': [
    { key: 'organisation', header: 'Organisation' },
    { key: 'hours', header: 'Approved hours' },
    { key: 'students', header: 'Students' },
  ],
};

@Injectable()
export class ReportsService {
  constructor(private readonly reports: ReportsRepository) {}

  async all(): Promise<HoursReports> {
    const [hoursByMonth, goalsMet, topOrganisations] = await Promise.all([
      this.reports.hoursByMonth(),
      this.reports.goalsMet(),
      this.reports.topOrganisations(),
    ]);
    return {
      hoursByMonth: hoursByMonth.map((r) => ({ ...r, hours: Number(r.hours) })),
      goalsMet,
      topOrganisations: topOrganisations.map((r) => ({ ...r, hours: Number(r.hours) })),
    };
  }

  // One report's rows (small aggregates: built in memory, written as CSV).
  async rows(report: HoursReportName): Promise<Array<Record<string, unknown>>> {
    const all = await this.all();
    const byName: Record<HoursReportName, Array<Record<string, unknown>>> = {
      'hours-by-month': all.hoursByMonth,
      'goals-met': all.goalsMet,
      'top-organisations': all.topOrganisations,
    };
    return byName[report];
  }
}
