import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  logBody,
  SUPERVISOR,
  type Caller,
  hoursEvents,
  hoursTestConfig,
  type HoursEvents,
  type Json,
  type RequestOptions,
} from './support/hours-fixtures';
import { pdfText } from './support/pdf-text';
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

const SPANISH = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' };

// Each student's name and an activity in the same script.
const STUDENTS: Array<{ caller: Caller; name: string; activity: string }> = [
  { caller: { id: 501 }, name: 'Nguyễn Thị Hương', activity: 'Dọn dẹp công viên' },
  { caller: { id: 502 }, name: 'Ελένη Παπαδοπούλου', activity: 'Τράπεζα τροφίμων' },
  { caller: { id: 503 }, name: 'Анна Иванова', activity: 'Продовольственный банк' },
  { caller: { id: 504 }, name: 'שרה לוי', activity: 'התנדבות בבנק מזון' },
  { caller: { id: 505 }, name: 'فاطمة الزهراء', activity: 'بنك الطعام' },
  { caller: { id: 506 }, name: 'José Müller', activity: 'Banco de alimentos' },
];

// Issue 29: the official record prints every name exactly as typed. The standard Helvetica the
// PDF used knew only Latin-1: "Nguyễn Thị Hương" came out as "Nguy?n Th? H??ng" and Greek,
// Cyrillic, Hebrew and Arabic names as question marks only.
describe('names in any script on the official record (svc-hours, real PostgreSQL and Redis)', () => {
  let database: TestDatabase;
  let config: ServiceConfig;
  let service: TestService;
  let db: DataSource;
  let events: HoursEvents;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    callService<T>(service.url, method, path, options);

  beforeAll(async () => {
    database = await createTestDatabase('hours');
    config = hoursTestConfig(database);
    service = await startTestService(AppModule.forRoot(), config, { service: SERVICE });
    db = service.app.get(DataSource);
    events = hoursEvents(config, db);
    for (const { caller, name } of STUDENTS)
      await events.registerUser({ id: caller.id, name, grade: 11 });
  });

  afterAll(async () => {
    await events?.close();
    await service?.close();
    if (config) await clearRedisPrefix(config.BULLMQ_PREFIX);
    await database?.drop();
  });

  it.each(STUDENTS.map((s) => [s.name, s] as const))(
    'prints %s as typed, in English and Spanish, and the PDF still verifies',
    async (_name, { caller, name, activity }) => {
      const logged = await request('POST', '/api/service-hours', {
        as: caller,
        json: logBody({ description: activity, date: '2025-02-01' }),
      });
      expect(logged.status).toBe(201);
      expect(
        (
          await request('PATCH', `/api/service-hours/${logged.body.id}/status`, {
            as: SUPERVISOR,
            json: { status: 'approved' },
          })
        ).status,
      ).toBe(200);

      for (const headers of [{}, SPANISH]) {
        const issued = await request('POST', '/api/service-records', {
          as: caller,
          json: {},
          headers,
        });
        expect(issued.status).toBe(201);
        const response = await fetch(`${service.url}/api/service-records/${issued.body.code}/pdf`);
        expect(response.status).toBe(200);
        const pdf = new Uint8Array(await response.arrayBuffer());

        // Right-to-left names are compared in logical order (as typed), which is how pdftotext
        // gives them back from the visually ordered glyphs.
        const lines = (await pdfText(pdf)).text.split('\n');
        expect(lines).toContain(name);
        expect(lines).toContain(activity);
        expect(lines.join('\n')).not.toContain('?');

        const checked = await fetch(`${service.url}/api/service-records/verify`, {
          method: 'POST',
          headers: { 'content-type': 'application/pdf' },
          body: pdf,
        });
        expect(checked.status).toBe(200);
        const body = (await checked.json()) as { matches: boolean; record: { name: string } };
        expect(body.matches).toBe(true);
        expect(body.record.name).toBe(name);
      }
    },
  );
});
