import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ADMIN,
  SUPERVISOR,
  type HoursEvents,
  type Json,
  type RequestOptions,
  startHoursService,
  type HoursService,
} from './support/hours-fixtures';
import type { DataSource } from 'typeorm';

// Hours are numeric(4,1): halves logged and approved through the API, hundreds of them,
// add up exactly in the summary, in the list and in the events svc-auth will credit.
describe('exact hour sums', () => {
  let hours: HoursService;
  let db: DataSource;
  let events: HoursEvents;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    hours.request<T>(method, path, options);
  // Every half from 0.5 to 24 five times over: the sums (2,940 hours logged, 2,000
  // approved) pass numeric(4,1)'s 999.9, so an aggregate kept in the column's type would
  // overflow. Halves are exact in binary, so more entries would prove nothing more (the run
  // had 2,000 entries: 3,300 round trips, 75 s).
  const ENTRIES = 240;
  const STUDENTS = 12;

  beforeAll(async () => {
    hours = await startHoursService();
    ({ db, events } = hours);
    for (let s = 1; s <= STUDENTS; s += 1)
      await events.registerUser({ id: s, school: s % 2 ? 'Jesuit High School' : 'PFT' });
  });

  afterAll(async () => {
    await hours?.close();
  });

  async function inBatches<T>(
    count: number,
    size: number,
    fn: (i: number) => Promise<T>,
  ): Promise<T[]> {
    const out: T[] = [];
    for (let start = 0; start < count; start += size) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(size, count - start) }, (_, k) => fn(start + k)),
      );
      out.push(...batch);
    }
    return out;
  }

  it('keeps hundreds of 0.5 steps exact from POST to summary to hours.approved', async () => {
    // Every half from 0.5 to 24 in turn; in halves (integers) the expected sums are exact.
    const halvesOf = (i: number) => (i % 48) + 1;
    const created = await inBatches(ENTRIES, 25, async (i) => {
      const res = await request('POST', '/api/service-hours', {
        as: { id: (i % STUDENTS) + 1 },
        json: {
          hours: halvesOf(i) / 2,
          date: '2025-01-15',
          description: `Entry number ${i} of the batch`,
        },
      });
      expect(res.status).toBe(201);
      return { id: res.body.id as number, halves: halvesOf(i) };
    });
    const totalHalves = created.reduce((s, c) => s + c.halves, 0);

    const pending = await request('GET', '/api/service-hours/summary', { as: SUPERVISOR });
    expect(pending.body).toMatchObject({
      total: ENTRIES,
      pending: ENTRIES,
      pendingHours: totalHalves / 2,
      approvedHours: 0,
    });

    // Approve two out of three.
    const approved = created.filter((_, i) => i % 3 !== 0);
    await inBatches(approved.length, 25, async (i) => {
      const res = await request('PATCH', `/api/service-hours/${approved[i].id}/status`, {
        as: i % 2 ? SUPERVISOR : ADMIN,
        json: { status: 'approved' },
      });
      expect(res.status).toBe(200);
    });
    const approvedHalves = approved.reduce((s, c) => s + c.halves, 0);

    const summary = await request('GET', '/api/service-hours/summary', { as: SUPERVISOR });
    expect(summary.body).toMatchObject({
      total: ENTRIES,
      approved: approved.length,
      pending: ENTRIES - approved.length,
      approvedHours: approvedHalves / 2,
      pendingHours: (totalHalves - approvedHalves) / 2,
      activeStudents: STUDENTS,
    });

    // The list carries the same exact values a screen would add up.
    const list = (await request('GET', '/api/service-hours?status=approved', { as: ADMIN }))
      .body as Array<{ hours: number }>;
    expect(list.length).toBe(approved.length);
    expect(list.reduce((s, e) => s + e.hours * 2, 0)).toBe(approvedHalves);

    // What svc-auth will credit: one event per approval, summing exactly.
    const [events] = await db.query(
      `SELECT count(*)::int AS n, sum(("payload"->>'hours')::numeric)::text AS hours FROM "outbox" WHERE "type" = 'hours.approved'`,
    );
    expect(events).toEqual({ n: approved.length, hours: (approvedHalves / 2).toFixed(1) });

    // The per-school split adds back up to the whole.
    const bySchool = await Promise.all(
      (summary.body.schools as string[]).map(
        async (school) =>
          (
            await request(
              'GET',
              `/api/service-hours/summary?school=${encodeURIComponent(school)}`,
              { as: SUPERVISOR },
            )
          ).body.approvedHours as number,
      ),
    );
    expect(bySchool.reduce((a, b) => a + b, 0)).toBe(approvedHalves / 2);
    const table = Object.values(summary.body.bySchool) as Array<{ approvedHours: number }>;
    expect(table.reduce((a, b) => a + b.approvedHours, 0)).toBe(approvedHalves / 2);
  });

  it('refuses a value that is not a half even when written straight to the database', async () => {
    await expect(
      db.query(
        `INSERT INTO "service_hours_logs" ("user_id", "hours", "description", "date") VALUES (1, 1.3, 'Written directly to SQL', '2025-01-01')`,
      ),
    ).rejects.toThrow(/service_hours_logs_hours_check/);
    await expect(
      db.query(
        `INSERT INTO "service_hours_logs" ("user_id", "hours", "description", "date") VALUES (1, 24.5, 'Written directly to SQL', '2025-01-01')`,
      ),
    ).rejects.toThrow(/service_hours_logs_hours_check/);
  });
});
