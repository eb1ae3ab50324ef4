import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SERVICE_RECORD_PDF_MAX_BYTES } from '@district/contracts';
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
import {
  callService,
  clearRedisPrefix,
  createTestDatabase,
  startTestService,
  type TestDatabase,
  type TestService,
} from '@district/service-kit/testing';
import type { ServiceConfig } from '@district/service-kit';
import { DataSource } from 'typeorm';
import { AppModule, SERVICE } from '../src/app.module';

// Official service records (issue 19): issue, public view, PDF, tampering and supersession.
describe('official service records', () => {
  let database: TestDatabase;
  let config: ServiceConfig;
  let service: TestService;
  let db: DataSource;
  let events: HoursEvents;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    callService<T>(service.url, method, path, options);

  const logAndApprove = async (as = STUDENT, overrides: Record<string, unknown> = {}) => {
    const id = (await request('POST', '/api/service-hours', { as, json: logBody(overrides) })).body
      .id as number;
    const review = await request('PATCH', `/api/service-hours/${id}/status`, {
      as: SUPERVISOR,
      json: { status: 'approved' },
    });
    expect(review.status).toBe(200);
    return id;
  };
  const issue = (as = STUDENT, json: Record<string, unknown> = {}) =>
    request('POST', '/api/service-records', { as, json });
  const pdfOf = async (code: string) => {
    const response = await fetch(`${service.url}/api/service-records/${code}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    return Buffer.from(await response.arrayBuffer());
  };
  const checkPdf = async (bytes: Uint8Array) => {
    const response = await fetch(`${service.url}/api/service-records/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: bytes,
    });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    database = await createTestDatabase('hours');
    config = hoursTestConfig(database);
    service = await startTestService(AppModule.forRoot(), config, { service: SERVICE });
    db = service.app.get(DataSource);
    events = hoursEvents(config, db);
    await events.registerUser({ id: STUDENT.id, name: 'Ada Student', grade: 11 });
    await events.registerUser({ id: OTHER_STUDENT.id, name: 'Bo Other' });
  });

  afterAll(async () => {
    await events?.close();
    await service?.close();
    if (config) await clearRedisPrefix(config.BULLMQ_PREFIX);
    await database?.drop();
  });

  it('issues a signed snapshot of the approved entries that anyone can look up by its code', async () => {
    await logAndApprove(STUDENT, {
      hours: 2,
      date: '2025-02-01',
      description: 'Food bank shift one',
    });
    await logAndApprove(STUDENT, {
      hours: 1.5,
      date: '2025-03-01',
      description: 'Park clean-up day',
    });
    // Pending and rejected entries stay off the record.
    await request('POST', '/api/service-hours', { as: STUDENT, json: logBody({ hours: 5 }) });

    const issued = await issue();
    expect(issued.status).toBe(201);
    const { code, url, pdfUrl } = issued.body;
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{12}$/);
    expect(url).toBe(`http://district.test/verify/${code}`);
    expect(pdfUrl).toBe(`http://district.test/api/service-records/${code}/pdf`);

    const view = await request('GET', `/api/service-records/${code}`);
    expect(view.status).toBe(200);
    expect(view.body).toEqual({
      code,
      district: 'Jefferson Parish Public School System',
      name: 'Ada Student',
      school: expect.any(String),
      grade: 11,
      totalHours: 3.5,
      entries: [
        {
          date: '2025-02-01',
          hours: 2,
          activity: 'Food bank shift one',
          approval: 'Approved by a supervisor',
          verification: 'supervisor',
        },
        {
          date: '2025-03-01',
          hours: 1.5,
          activity: 'Park clean-up day',
          approval: 'Approved by a supervisor',
          verification: 'supervisor',
        },
      ],
      issuedAt: expect.any(String),
      valid: true,
      status: 'valid',
    });
    // Nothing beyond the record: no ids, user ids or signatures.
    expect(Object.keys(view.body).sort()).toEqual(
      [
        'code',
        'district',
        'entries',
        'grade',
        'issuedAt',
        'name',
        'school',
        'status',
        'totalHours',
        'valid',
      ].sort(),
    );

    const pdf = await pdfOf(code);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await checkPdf(pdf)).toEqual({
      status: 200,
      body: { matches: true, record: view.body },
    });
  });

  it('says a PDF with one byte changed does not verify', async () => {
    await logAndApprove();
    const { code } = (await issue()).body;
    const pdf = await pdfOf(code);
    const changed = Buffer.from(pdf);
    const at = Math.floor(changed.length / 2);
    changed[at] = changed[at] ^ 0x01;
    expect(await checkPdf(changed)).toEqual({
      status: 200,
      body: { matches: false, record: null },
    });
    expect(
      ((await checkPdf(Buffer.from('%PDF-1.7 not a record'))).body as { matches: boolean }).matches,
    ).toBe(false);
  });

  it('answers 404 for an unknown, malformed or tampered code', async () => {
    const { code } = (await issue()).body;
    const other = code[0] === '2' ? `3${code.slice(1)}` : `2${code.slice(1)}`;
    expect((await request('GET', `/api/service-records/${other}`)).status).toBe(404);
    expect((await request('GET', '/api/service-records/not-a-code')).status).toBe(404);
    expect((await request('GET', `/api/service-records/${other}/pdf`)).status).toBe(404);

    // Someone with database access inflates the total: the signature no longer matches.
    await db.query(
      `UPDATE "service_records" SET "content" = jsonb_set("content", '{totalHours}', '999') WHERE "code" = $1`,
      [code],
    );
    expect((await request('GET', `/api/service-records/${code}`)).status).toBe(404);
    expect((await request('GET', `/api/service-records/${code}/pdf`)).status).toBe(404);
  });

  it('marks a record superseded once the student has another approval', async () => {
    const { code } = (await issue()).body;
    expect((await request('GET', `/api/service-records/${code}`)).body.status).toBe('valid');
    await logAndApprove();
    const after = await request('GET', `/api/service-records/${code}`);
    expect(after.body).toMatchObject({ valid: false, status: 'superseded' });
    // The PDF is still exactly as issued, and says so, with the record marked superseded.
    const check = await checkPdf(await pdfOf(code));
    expect(check.body).toMatchObject({ matches: true, record: { status: 'superseded' } });
  });

  it('lets only an admin issue a record for another student, and needs a session', async () => {
    expect((await issue(OTHER_STUDENT, { userId: STUDENT.id })).status).toBe(403);
    expect((await issue(SUPERVISOR, { userId: STUDENT.id })).status).toBe(403);
    expect((await request('POST', '/api/service-records', { json: {} })).status).toBe(401);
    expect((await issue(ADMIN, { userId: 99999 })).status).toBe(404);
    expect((await issue(ADMIN, { userId: 'x' })).status).toBe(400);

    const forStudent = await issue(ADMIN, { userId: OTHER_STUDENT.id });
    expect(forStudent.status).toBe(201);
    const view = await request('GET', `/api/service-records/${forStudent.body.code}`);
    expect(view.body).toMatchObject({ name: 'Bo Other', totalHours: 0, entries: [] });

    const audit = await db.query(
      `SELECT "payload" FROM "outbox" WHERE "type" = 'audit.recorded' AND "payload"->>'action' = 'record.issue'`,
    );
    expect(audit.map((r: { payload: { actorId: number } }) => r.payload.actorId)).toContain(
      ADMIN.id,
    );
  });

  it('refuses a dropped file that is too large or not a PDF', async () => {
    const tooLarge = await checkPdf(new Uint8Array(SERVICE_RECORD_PDF_MAX_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    const json = await request('POST', '/api/service-records/verify', { json: {} });
    expect(json.status).toBe(415);
  });
});
