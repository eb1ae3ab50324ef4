import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { VALIDATION } from '@district/contracts';
import {
  logBody,
  STUDENT,
  SUPERVISOR,
  type HoursEvents,
  type Json,
  type RequestOptions,
  startHoursService,
  type HoursService,
} from './support/hours-fixtures';
import type { DataSource } from 'typeorm';

// Issue 15.1: a NUL in the description (body) or the school filter (query) used to reach
// PostgreSQL (500); now 400 naming the field, nothing written.
describe('NUL and control characters (svc-hours, real PostgreSQL)', () => {
  let hours: HoursService;
  let db: DataSource;
  let events: HoursEvents;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    hours.request<T>(method, path, options);

  const logs = async () =>
    (
      (await db.query('SELECT count(*)::int AS n FROM service_hours_logs')) as Array<{
        n: number;
      }>
    )[0].n;

  beforeAll(async () => {
    hours = await startHoursService();
    ({ db, events } = hours);
    await events.registerUser({ id: STUDENT.id, name: 'Ada Student', school: 'Jesuit HS' });
    await events.registerUser({ id: SUPERVISOR.id, name: 'Sue Supervisor', isSupervisor: true });
  });
  afterAll(async () => {
    await hours?.close();
  });

  it('POST /api/service-hours with NUL in the description: 400 naming it, nothing written', async () => {
    const before = await logs();
    const res = await request('POST', '/api/service-hours', {
      as: STUDENT,
      json: logBody({ description: 'Sorted cans\u0000 at the food bank' }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: VALIDATION.controlCharacters,
      errors: [{ path: 'description', message: VALIDATION.controlCharacters }],
    });
    expect(await logs()).toBe(before);
  });

  it.each(['/api/service-hours', '/api/service-hours/summary'])(
    'GET %s?school= with NUL: 400 naming the query field',
    async (path) => {
      const res = await request('GET', `${path}?school=Jesuit%00`, { as: SUPERVISOR });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        errors: [{ path: 'school', message: VALIDATION.controlCharacters }],
      });
    },
  );
});
