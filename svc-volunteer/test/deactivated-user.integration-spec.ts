import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { replicaUser } from '@district/service-kit/testing';
import type { EventPhoto, Opportunity } from '@district/contracts';
import {
  admin,
  opportunityBody,
  otherStudent,
  startVolunteerService,
  student,
  type TestUser,
  type VolunteerService,
} from './support/volunteer-fixtures';

// Issue 31: a full roster import deactivates people it no longer has (svc-auth's user.updated
// with active false). Their places at upcoming events go to the next in line; every list here
// hides them, their other rows are kept, and a later roster that has them again (active true)
// brings them back.
describe('a student a roster import deactivated', () => {
  const gone: TestUser = { id: 70, name: 'Dora Departed', school: 'Jesuit High School' };
  let app: VolunteerService;
  const setActive = (active: boolean) =>
    app.events.deliver(
      'user.updated',
      replicaUser({ id: gone.id, name: gone.name!, school: gone.school!, active }),
    );

  beforeAll(async () => {
    app = await startVolunteerService();
    await app.events.registerUsers(admin, student, otherStudent, gone);
  });
  afterAll(async () => {
    await app?.close();
  });

  const create = async (overrides: Record<string, unknown> = {}): Promise<Opportunity> =>
    (
      await app.request<Opportunity>('POST', '/api/opportunities', {
        as: admin,
        json: opportunityBody(overrides),
      })
    ).body;
  const signUp = (id: number, as: TestUser) =>
    app.request<Opportunity>('POST', `/api/opportunities/${id}/signup`, { as });
  const names = async (path: string, key: string, as: TestUser = admin) => {
    const response = await app.request<Array<Record<string, unknown>>>('GET', path, { as });
    expect(response.status).toBe(200);
    return response.body.map((row) => row[key]);
  };

  it('hands their places at upcoming events to the next in line; past events keep theirs, hidden until reactivated', async () => {
    const upcoming = await create({ spaces: 1 });
    expect((await signUp(upcoming.id, gone)).status).toBe(201);
    const waiting = await app.request<Opportunity>(
      'POST',
      `/api/opportunities/${upcoming.id}/waitlist`,
      { as: student },
    );
    expect(waiting.body).toMatchObject({ waitlistPosition: 1 });
    const past = await create();
    for (const who of [gone, student]) expect((await signUp(past.id, who)).status).toBe(201);
    const roster = `/api/opportunities/${past.id}/roster`;
    expect(await names(roster, 'name')).toContain(gone.name);
    await app.request('PATCH', `/api/opportunities/${past.id}/status`, {
      as: admin,
      json: { status: 'archived' },
    });
    const signups = (id: number) => `/api/opportunities/${id}/signups`;

    await setActive(false);
    // The upcoming place is released and the next in line promoted into it.
    expect(await names(signups(upcoming.id), 'name')).toEqual([student.name]);
    expect(await app.sql('SELECT filled FROM opportunities WHERE id = $1', [upcoming.id])).toEqual([
      { filled: 1 },
    ]);
    // The past event keeps their row (their hours and records stand), hidden from every list.
    expect(await names(signups(past.id), 'name')).toEqual([student.name]);
    expect(await names(signups(past.id), 'name', otherStudent)).toEqual([student.name]);
    expect(await names(roster, 'name')).toEqual([student.name]);
    expect(
      await app.sql('SELECT 1 FROM signups WHERE opportunity_id = $1 AND user_id = $2', [
        past.id,
        gone.id,
      ]),
    ).toHaveLength(1);
    // The same event again (a redelivery, or the republish migration) releases nothing more.
    await setActive(false);
    expect(await names(signups(upcoming.id), 'name')).toEqual([student.name]);

    await setActive(true);
    expect(await names(signups(past.id), 'name')).toEqual([gone.name, student.name]);
    expect(await names(roster, 'name')).toContain(gone.name);
    // A released place is not given back: it went to someone else.
    expect(await names(signups(upcoming.id), 'name')).toEqual([student.name]);
  });

  it('hides their photos (kept) until reactivated', async () => {
    const past = await create();
    await app.request('PATCH', `/api/opportunities/${past.id}/status`, {
      as: admin,
      json: { status: 'archived' },
    });
    const posted = await app.request<EventPhoto>('POST', `/api/opportunities/${past.id}/photos`, {
      as: gone,
      json: { opportunityId: past.id, photoUrl: 'https://photos.example.org/d.jpg', caption: 'D' },
    });
    expect(posted.status).toBe(201);
    await app.request('PATCH', `/api/opportunities/${past.id}/photos/${posted.body.id}/status`, {
      as: admin,
      json: { status: 'approved' },
    });
    const photos = `/api/opportunities/${past.id}/photos`;
    expect(await names(photos, 'username', student)).toEqual([gone.name]);

    await setActive(false);
    expect(await names(photos, 'username', student)).toEqual([]);
    expect(await names(photos, 'username', admin)).toEqual([]);

    await setActive(true);
    expect(await names(photos, 'username', student)).toEqual([gone.name]);
  });

  it('is passed over on a waitlist: others move up and get the freed spot; back in line when reactivated', async () => {
    const full = await create({ spaces: 1 });
    expect((await signUp(full.id, admin)).status).toBe(201);
    const join = (as: TestUser) =>
      app.request<Opportunity>('POST', `/api/opportunities/${full.id}/waitlist`, { as });
    expect((await join(gone)).body).toMatchObject({ waitlistPosition: 1, waitlistCount: 1 });
    expect((await join(student)).body).toMatchObject({ waitlistPosition: 2, waitlistCount: 2 });

    await setActive(false);
    // Joining again changes nothing and answers where they stand.
    expect((await join(student)).body).toMatchObject({ waitlistPosition: 1, waitlistCount: 1 });
    const mine = await app.request('GET', '/api/opportunities/mine/waitlist', { as: student });
    expect(mine.body).toContainEqual({ opportunityId: full.id, position: 1 });

    // The spot goes to the next active person in line.
    expect(
      (await app.request('DELETE', `/api/opportunities/${full.id}/signup`, { as: admin })).status,
    ).toBeLessThan(300);
    expect(await names(`/api/opportunities/${full.id}/signups`, 'name')).toEqual([student.name]);

    await setActive(true);
    // Still waiting (the entry was kept), now first in line.
    expect(
      (await app.request('GET', '/api/opportunities/mine/waitlist', { as: gone })).body,
    ).toContainEqual({
      opportunityId: full.id,
      position: 1,
    });
  });
});
