import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ReportsRepository } from './reports.repository';
import { REPORT_COLUMNS, ReportsService } from './reports.service';

describe(ReportsService.name, () => {
  let reports: jest.Mocked<
    Pick<ReportsRepository, 'hoursByMonth' | 'goalsMet' | 'topOrganisations'>
  >;
  let sut: ReportsService;

  beforeEach(() => {
    reports = {
      hoursByMonth: jest.fn(async () => [
        { school: 'Jesuit High School', month: '2026-03', hours: '12.5' },
      ]),
      goalsMet: jest.fn(async () => [
        { school: 'Jesuit High School', grade: 9, students: 3, met: 1 },
      ]),
      topOrganisations: jest.fn(async () => [
        { organisation: 'Food Bank', hours: '0.5', students: 1 },
      ]),
    };
    sut = new ReportsService(reports as unknown as ReportsRepository);
  });

  it('turns the exact hour sums into numbers', async () => {
    expect(await sut.all()).toEqual({
      hoursByMonth: [{ school: 'Jesuit High School', month: '2026-03', hours: 12.5 }],
      goalsMet: [{ school: 'Jesuit High School', grade: 9, students: 3, met: 1 }],
      topOrganisations: [{ organisation: 'Food Bank', hours: 0.5, students: 1 }],
    });
  });

  it.each(Object.keys(REPORT_COLUMNS) as Array<keyof typeof REPORT_COLUMNS>)(
    'gives the %s rows with every column the CSV writes',
    async (name) => {
      const rows = await sut.rows(name);
      expect(rows).toHaveLength(1);
      expect(Object.keys(rows[0]!).sort()).toEqual(REPORT_COLUMNS[name].map((c) => c.key).sort());
    },
  );
});
