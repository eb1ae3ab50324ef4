import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import {
  identityHeader,
  callService,
  clearRedisPrefix,
  createTestDatabase,
  startTestService,
  type TestDatabase,
  type TestService,
} from '@district/service-kit/testing';
import {
  ADMIN,
  logBody,
  OTHER_STUDENT,
  STUDENT,
  SUPERVISOR,
  hoursEvents,
  hoursTestConfig,
  type HoursEvents,
  type Json,
  type RequestOptions,
} from './support/hours-fixtures';
import type { ServiceConfig } from '@district/service-kit';
import { DataSource } from 'typeorm';
import { AppModule, SERVICE } from '../src/app.module';

const JESUIT = 'Jesuit High School';
const ACCENTED = { id: 103 };
const CHALMETTE = 'Chalmette High School';
const HEADER = [
  'Entry',
  'Date',
  'Student',
  'School',
  'Grade',
  'Hours',
  'Status',
  'Description',
  'Submitted',
  'Reviewed',
];

// Issue 19: the CSV export (same filters as the supervisor screen, spreadsheet-safe, streamed)
// and the admins' reports.
describe('hours export and reports (svc-hours, real PostgreSQL and Redis)', () => {
  let database: TestDatabase;
  let config: ServiceConfig;
  let service: TestService;
  let db: DataSource;
  let events: HoursEvents;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    callService<T>(service.url, method, path, options);

  const exportCsv = async (query = '', as = SUPERVISOR) => {
    const res = await request('GET', `/api/service-hours/export.csv${query}`, { as });
    return { ...res, rows: res.status === 200 ? (parse(res.text) as string[][]) : [] };
  };
  const log = async (as: typeof STUDENT, overrides: Record<string, unknown>, status?: string) => {
    const res = await request('POST', '/api/service-hours', { as, json: logBody(overrides) });
    expect(res.status).toBe(201);
    if (status)
      await request('PATCH', `/api/service-hours/${res.body.id}/status`, {
        as: SUPERVISOR,
        json: { status },
      });
    return res.body.id as number;
  };

  beforeAll(async () => {
    database = await createTestDatabase('hours');
    config = hoursTestConfig(database);
    service = await startTestService(AppModule.forRoot(), config, { service: SERVICE });
    db = service.app.get(DataSource);
    events = hoursEvents(config, db);
    await events.registerUser({
      id: STUDENT.id,
      name: '=HYPERLINK("http://evil")',
      school: JESUIT,
      grade: 10,
    });
    await events.registerUser({
      id: OTHER_STUDENT.id,
      name: 'Bo Chalmette',
      school: CHALMETTE,
      grade: 11,
    });
    await events.registerUser({
      id: SUPERVISOR.id,
      name: 'Sam Supervisor',
      isSupervisor: true,
      grade: 12,
    });
    await request('PUT', '/api/hour-goals', {
      as: ADMIN,
      json: [
        { grade: 10, hours: 10, dueDate: '2027-05-01' },
        { grade: 11, hours: 1, dueDate: '2027-05-01' },
      ],
    });
    await log(
      STUDENT,
      { description: '+SUM(A1:A9) at the "food" bank, aisle 3\nthen more', date: '2025-01-10' },
      'approved',
    );
    await log(STUDENT, { description: '-2+3 cans sorted by hand', date: '2025-02-10' });
    await log(
      STUDENT,
      { description: '@cmd|calc cleanup at the park', date: '2025-03-10' },
      'rejected',
    );
    await log(
      OTHER_STUDENT,
      { description: 'Library reading hour, Chalmette', hours: 2, date: '2025-02-20' },
      'approved',
    );
    await log(
      OTHER_STUDENT,
      { description: '\tTabbed food bank shift', hours: 1, date: '2025-02-21' },
      'approved',
    );
    // The API trims text; older or imported rows may still start with a tab.
    await db.query(
      `UPDATE "service_hours_logs" SET "description" = E'\\tTabbed food bank shift'
        WHERE "description" = 'Tabbed food bank shift'`,
    );
  });

  afterAll(async () => {
    await events?.close();
    await service?.close();
    if (config) await clearRedisPrefix(config.BULLMQ_PREFIX);
    await database?.drop();
  });

  it('answers students with 403 and supervisors and admins with a CSV file', async () => {
    expect((await exportCsv('', STUDENT)).status).toBe(403);
    const res = await exportCsv('', ADMIN);
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('text/csv; charset=utf-8');
    expect(res.rows[0]).toEqual(HEADER);
    expect(res.rows).toHaveLength(6);
  });

  it('neutralises cells that a spreadsheet would run as a formula and quotes the rest properly', async () => {
    const { rows } = await exportCsv(`?school=${encodeURIComponent(JESUIT)}`);
    const byDescription = (start: string) => rows.find((r) => r[7].includes(start));
    expect(byDescription('SUM')?.[7]).toBe(`'+SUM(A1:A9) at the "food" bank, aisle 3\nthen more`);
    expect(byDescription('cans')?.[7]).toBe(`'-2+3 cans sorted by hand`);
    expect(byDescription('calc')?.[7]).toBe(`'@cmd|calc cleanup at the park`);
    expect(byDescription('SUM')?.[2]).toBe(`'=HYPERLINK("http://evil")`);
    const other = await exportCsv(`?school=${encodeURIComponent(CHALMETTE)}`);
    expect(other.rows.find((r) => r[7].includes('Tabbed'))?.[7]).toBe(`'\tTabbed food bank shift`);
  });

  it('applies the screen filters: school, grade, status, date range, behind goal', async () => {
    const descriptions = async (query: string) =>
      (await exportCsv(query)).rows.slice(1).map((r) => r[7].replace(/^'/, '').slice(0, 8));
    expect(await descriptions(`?school=${encodeURIComponent(CHALMETTE)}`)).toEqual([
      '\tTabbed ',
      'Library ',
    ]);
    expect(await descriptions('?grade=10&status=approved')).toEqual(['+SUM(A1:']);
    expect(await descriptions('?from=2025-02-01&to=2025-02-20')).toEqual(['Library ', '-2+3 can']);
    // Jesuit's student has 1.5 of 10 approved hours; Bo has 3 of 1.
    expect((await exportCsv('?behindGoal=true')).rows.slice(1).map((r) => r[4])).toEqual([
      '10',
      '10',
      '10',
    ]);
    expect((await exportCsv('?grade=5')).status).toBe(400);
    expect((await exportCsv('?from=yesterday')).status).toBe(400);
    expect((await exportCsv('?status=lost')).status).toBe(400);
  });

  it('streams a large export in pieces with every row', async () => {
    await db.query(
      `INSERT INTO "service_hours_logs" ("user_id", "hours", "description", "date")
       SELECT ${OTHER_STUDENT.id}, 1, 'Bulk row number ' || n, DATE '2024-01-01' + (n % 300)
         FROM generate_series(1, 30000) n`,
    );
    const response = await fetch(`${service.url}/api/service-hours/export.csv?status=pending`, {
      headers: identityHeader(SUPERVISOR),
    });
    expect(response.status).toBe(200);
    // Streamed: no length known up front, sent in chunks.
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      chunks += 1;
      text += decoder.decode(chunk, { stream: true });
    }
    expect(chunks).toBeGreaterThan(1);
    const rows = parse(text) as string[][];
    // The header, 30,000 bulk rows and the one pending entry logged above.
    expect(rows).toHaveLength(30_002);
  });

  it('gives admins the reports as JSON and each as CSV; nobody else', async () => {
    expect((await request('GET', '/api/service-hours/reports', { as: SUPERVISOR })).status).toBe(
      403,
    );
    const res = await request('GET', '/api/service-hours/reports', { as: ADMIN });
    expect(res.status).toBe(200);
    expect(res.body.hoursByMonth).toEqual(
      expect.arrayContaining([
        { school: JESUIT, month: '2025-01', hours: 1.5 },
        { school: CHALMETTE, month: '2025-02', hours: 3 },
      ]),
    );
    expect(res.body.goalsMet).toEqual([
      { school: CHALMETTE, grade: 11, students: 1, met: 1 },
      { school: JESUIT, grade: 10, students: 1, met: 0 },
    ]);
    expect(res.body.topOrganisations[0]).toEqual({
      organisation: 'Library reading hour, Chalmette',
      hours: 2,
      students: 1,
    });

    const csv = await request('GET', '/api/service-hours/reports/top-organisations.csv', {
      as: ADMIN,
    });
    expect(csv.status).toBe(200);
    const rows = parse(csv.text) as string[][];
    expect(rows[0]).toEqual(['Organisation', 'Approved hours', 'Students']);
    expect(rows).toContainEqual([`'\tTabbed food bank shift`, '1', '1']);
    expect(
      (await request('GET', '/api/service-hours/reports/goals-met.csv', { as: SUPERVISOR })).status,
    ).toBe(403);
    expect(
      (await request('GET', '/api/service-hours/reports/nothing.csv', { as: ADMIN })).status,
    ).toBe(400);
  });

  // Issue 29: without a byte order mark Excel on Windows reads UTF-8 as its ANSI code page and
  // shows "José Müller" as "JosÃ© MÃ¼ller".
  it('starts every CSV with the UTF-8 byte order mark, so Excel shows accented names right', async () => {
    await events.registerUser({ id: ACCENTED.id, name: 'José Müller', school: JESUIT, grade: 10 });
    await log(ACCENTED, { description: 'Biblioteca: préstamo de libros', date: '2025-02-11' });
    const bytesOf = async (path: string) => {
      const response = await fetch(`${service.url}${path}`, { headers: identityHeader(ADMIN) });
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };
    const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
    const exported = await bytesOf('/api/service-hours/export.csv');
    expect(exported.subarray(0, 3)).toEqual(BOM);
    // One mark only, then the header; the rest is UTF-8 (what Excel then reads it as).
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(exported);
    expect(text.startsWith('\uFEFFEntry,Date,Student,')).toBe(true);
    const row = (parse(text, { bom: true }) as string[][]).find((r) => r[2] === 'José Müller');
    expect(row?.[7]).toBe('Biblioteca: préstamo de libros');
    for (const report of ['hours-by-month', 'goals-met', 'top-organisations'])
      expect((await bytesOf(`/api/service-hours/reports/${report}.csv`)).subarray(0, 3)).toEqual(
        BOM,
      );
  });
});
