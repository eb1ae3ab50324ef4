import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ADMIN,
  logBody,
  OTHER_STUDENT,
  STUDENT,
  SUPERVISOR,
  type Caller,
  type HoursEvents,
  type Json,
  type RequestOptions,
  startHoursService,
  type HoursService,
} from './support/hours-fixtures';
import type { DataSource } from 'typeorm';

interface Entry {
  id: number;
  userId: number;
  status: string;
}
interface KeysetPage {
  items: Entry[];
  total: number;
  nextCursor: string | null;
}

// Issue 14.5: the supervisor's Pending tab (20,000 entries) pages with ?limit&cursor, newest first,
// and an entry reviewed while someone pages never makes the next page skip or repeat one.
describe('keyset paging of GET /api/service-hours', () => {
  let hours: HoursService;
  let db: DataSource;
  let events: HoursEvents;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    hours.request<T>(method, path, options);

  const get = async (as: Caller, query: string) => {
    const res = await request('GET', `/api/service-hours${query}`, { as });
    expect(res.status).toBe(200);
    return res.body as KeysetPage;
  };

  // Follows nextCursor to the end; the pages in order.
  async function walk(as: Caller, query: string): Promise<KeysetPage[]> {
    const pages = [await get(as, query)];
    for (let next = pages[0]!.nextCursor; next; next = pages[pages.length - 1]!.nextCursor)
      pages.push(await get(as, `${query}&cursor=${next}`));
    return pages;
  }

  beforeAll(async () => {
    hours = await startHoursService();
    ({ db, events } = hours);
    await events.registerUser({ id: STUDENT.id, name: 'Ada Student' });
    await events.registerUser({ id: OTHER_STUDENT.id, name: 'Bo Student' });
    for (let i = 0; i < 8; i += 1) {
      const res = await request('POST', '/api/service-hours', {
        as: i % 2 === 0 ? STUDENT : OTHER_STUDENT,
        json: logBody({ description: `Keyset paging entry ${i}` }),
      });
      expect(res.status).toBe(201);
    }
    // Two entries in the same microsecond: the id breaks the tie, so neither is lost.
    await db.query(
      `UPDATE "service_hours_logs" SET "submitted_at" = '2026-01-01 10:00:00.123456+00'
        WHERE "id" IN (SELECT "id" FROM "service_hours_logs" ORDER BY "id" LIMIT 2)`,
    );
  });

  afterAll(async () => {
    await hours?.close();
  });

  it('walks every entry once, newest first, in the plain call’s order', async () => {
    const all = (await request('GET', '/api/service-hours', { as: ADMIN })).body as Entry[];
    const pages = await walk(ADMIN, '?limit=3');
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 2]);
    expect(pages.every((p) => p.total === all.length)).toBe(true);
    expect(pages.flatMap((p) => p.items.map((e) => e.id))).toEqual(all.map((e) => e.id));
    expect(pages[pages.length - 1]!.nextCursor).toBeNull();
  });

  it('neither skips nor repeats an entry when entries leave the tab between pages', async () => {
    const pending = (
      (await request('GET', '/api/service-hours?status=pending', { as: ADMIN })).body as Entry[]
    ).map((e) => e.id);
    const first = await get(SUPERVISOR, '?status=pending&limit=3');
    expect(first.items.map((e) => e.id)).toEqual(pending.slice(0, 3));
    // Another reviewer approves the three on screen, and one further down.
    for (const id of [...pending.slice(0, 3), pending[4]!])
      expect(
        (
          await request('PATCH', `/api/service-hours/${id}/status`, {
            as: ADMIN,
            json: { status: 'approved' },
          })
        ).status,
      ).toBe(200);
    // An offset would now start at what was the 7th; the cursor starts right after the 3rd.
    const second = await get(SUPERVISOR, `?status=pending&limit=3&cursor=${first.nextCursor}`);
    expect(second.items.map((e) => e.id)).toEqual([pending[3], pending[5], pending[6]]);
    expect(second.total).toBe(pending.length - 4);
  });

  it('gives a student only their own entries, whatever the cursor', async () => {
    const pages = await walk(STUDENT, '?limit=2&status=pending&mine=false');
    const items = pages.flatMap((p) => p.items);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((e) => e.userId === STUDENT.id)).toBe(true);
    const own = (await request('GET', '/api/service-hours?status=pending', { as: STUDENT }))
      .body as Entry[];
    expect(items.map((e) => e.id)).toEqual(own.map((e) => e.id));
  });

  // Every malformed cursor is ServiceHoursService's unit test; one stays here end to end.
  it.each([
    ['?cursor=not%20base64!', 'cursor'],
    ['?limit=0', 'limit'],
    ['?limit=100000', 'limit'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await request('GET', `/api/service-hours${query}`, { as: SUPERVISOR });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe(field);
  });
});
