import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  logBody,
  SUPERVISOR,
  waitFor,
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
  userName: string;
  schoolName: string;
}

// svc-hours's replica of users, fed through real BullMQ jobs as svc-auth's relay sends them. The
// replica's own rules (ordering, tombstones, redelivery) are the kit's suite
// (packages/service-kit/test/users-replica.integration-spec.ts); here what svc-hours shows.
describe('users replica (user.* events)', () => {
  let hours: HoursService;
  let db: DataSource;
  let events: HoursEvents;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    hours.request<T>(method, path, options);

  const entriesOf = async (userId: number): Promise<Entry[]> =>
    ((await request('GET', '/api/service-hours', { as: SUPERVISOR })).body as Entry[]).filter(
      (e) => e.userId === userId,
    );
  const processed = (eventId: string) => async () =>
    (
      (await db.query(`SELECT 1 FROM "processed_events" WHERE "event_id" = $1`, [
        eventId,
      ])) as unknown[]
    ).length > 0;

  beforeAll(async () => {
    hours = await startHoursService();
    ({ db, events } = hours);
  });

  afterAll(async () => {
    await hours?.close();
  });

  it('maps free-text schools to the registry, and unknown ones to "Other"', async () => {
    const cases: Array<[number, string, string]> = [
      [1, 'PFT', 'Patrick F. Taylor Science & Technology Academy'],
      [2, 'east jeff', 'East Jefferson High School'],
      [3, 'Hogwarts', 'Other'],
      [4, 'Rummel High School', 'Rummel High School'],
    ];
    for (const [id, school] of cases) {
      await events.registerUser({ id, name: `Student ${id}`, school });
      await request('POST', '/api/service-hours', { as: { id }, json: logBody() });
    }
    for (const [id, , canonical] of cases) {
      expect(await entriesOf(id)).toEqual([
        expect.objectContaining({ userName: `Student ${id}`, schoolName: canonical }),
      ]);
    }
  });

  it('follows user.updated (name and school), and ignores an older update arriving late', async () => {
    const now = Date.now();
    const newer = await events.publish(
      'user.updated',
      {
        id: 1,
        name: 'Renamed Student',
        school: 'Chalmette High School',
        grade: 11,
        avatarUrl: null,
        isAdmin: false,
        isSupervisor: false,
      },
      new Date(now + 1000),
    );
    await waitFor(processed(newer), 'user.updated');
    expect(await entriesOf(1)).toEqual([
      expect.objectContaining({ userName: 'Renamed Student', schoolName: 'Chalmette High School' }),
    ]);
  });

  it('removes the user’s entries on user.deleted, and nothing brings the user back', async () => {
    await request('POST', '/api/service-hours', { as: { id: 2 }, json: logBody({ hours: 3 }) });
    expect((await entriesOf(2)).length).toBe(2);
    const deleted = await events.publish('user.deleted', { id: 2 });
    await waitFor(processed(deleted), 'user.deleted');
    expect(await entriesOf(2)).toEqual([]);
    // Other users keep theirs.
    expect((await entriesOf(4)).length).toBe(1);

    const late = await events.publish(
      'user.updated',
      {
        id: 2,
        name: 'Ghost',
        school: 'PFT',
        grade: 9,
        avatarUrl: null,
        isAdmin: false,
        isSupervisor: false,
      },
      new Date(Date.now() + 60_000),
    );
    await waitFor(processed(late), 'late user.updated');
    const [row] = await db.query(`SELECT "name", "deleted" FROM "users" WHERE "id" = 2`);
    expect(row).toEqual({ name: '', deleted: true });
    // A request racing the deletion cannot leave an orphan entry behind.
    const orphan = await request('POST', '/api/service-hours', {
      as: { id: 2 },
      json: logBody(),
    });
    expect(orphan.status).toBe(401);
    expect(await entriesOf(2)).toEqual([]);
  });
});
