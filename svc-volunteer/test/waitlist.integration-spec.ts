import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  API_MESSAGES,
  type NotificationRequestedPayload,
  type Opportunity,
  type WaitlistPlace,
} from '@district/contracts';
import {
  admin,
  opportunityBody,
  otherStudent,
  startVolunteerService,
  student,
  type TestUser,
  type VolunteerService,
} from './support/volunteer-fixtures';

describe('waitlist and automatic promotion (svc-volunteer, real PostgreSQL and Redis)', () => {
  let app: VolunteerService;
  const third: TestUser = { id: 5, name: 'Tara Third', school: 'Jesuit High School' };

  beforeAll(async () => {
    app = await startVolunteerService({ poolSize: 20 });
    await app.events.registerUsers(admin, student, otherStudent, third);
  });
  afterAll(async () => {
    await app?.close();
  });

  const create = async (overrides: Record<string, unknown> = {}) =>
    (
      await app.request<Opportunity>('POST', '/api/opportunities', {
        as: admin,
        json: opportunityBody(overrides),
      })
    ).body;
  const signUp = (id: number, as: TestUser) =>
    app.request<Opportunity>('POST', `/api/opportunities/${id}/signup`, { as });
  const withdraw = (id: number, as: TestUser) =>
    app.request<Opportunity>('DELETE', `/api/opportunities/${id}/signup`, { as });
  const join = (id: number, as: TestUser) =>
    app.request<Opportunity>('POST', `/api/opportunities/${id}/waitlist`, { as });
  const leave = (id: number, as: TestUser) =>
    app.request<Opportunity>('DELETE', `/api/opportunities/${id}/waitlist`, { as });
  const places = (as: TestUser) =>
    app.request<WaitlistPlace[]>('GET', '/api/opportunities/mine/waitlist', { as });
  const mySignups = async (as: TestUser) =>
    (await app.request<number[]>('GET', '/api/opportunities/mine', { as })).body;
  const promotions = (opportunityId: number) =>
    app.sql<{ payload: NotificationRequestedPayload }>(
      `SELECT payload FROM outbox WHERE type = 'notification.requested'
         AND (payload->>'opportunityId')::int = $1 ORDER BY seq`,
      [opportunityId],
    );
  // A full opportunity with one space, held by `holder`.
  const fullOne = async (holder: TestUser = admin) => {
    const opportunity = await create({ spaces: 1 });
    expect((await signUp(opportunity.id, holder)).status).toBe(201);
    return opportunity;
  };

  describe('POST /api/opportunities/{id}/waitlist', () => {
    it('lines students up on a full opportunity, each told their place; joining again changes nothing', async () => {
      const opportunity = await fullOne();
      const first = await join(opportunity.id, student);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        id: opportunity.id,
        filled: 1,
        spaces: 1,
        signedUp: false,
        waitlistPosition: 1,
        waitlistCount: 1,
      });
      expect((await join(opportunity.id, otherStudent)).body).toMatchObject({
        waitlistPosition: 2,
        waitlistCount: 2,
      });
      const again = await join(opportunity.id, student);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ waitlistPosition: 1, waitlistCount: 2 });
      expect((await places(otherStudent)).body).toContainEqual({
        opportunityId: opportunity.id,
        position: 2,
      });
    });

    it('refuses an opportunity with spots left, one you signed up for, an archived one, with 409', async () => {
      const open = await create({ spaces: 2 });
      await signUp(open.id, admin);
      expect((await join(open.id, student)).body).toEqual({
        statusCode: 409,
        message: API_MESSAGES.opportunityNotFull,
      });
      const full = await fullOne(student);
      expect((await join(full.id, student)).body).toEqual({
        statusCode: 409,
        message: API_MESSAGES.alreadySignedUp,
      });
      await app.request('PATCH', `/api/opportunities/${full.id}/status`, {
        as: admin,
        json: { status: 'archived' },
      });
      expect((await join(full.id, otherStudent)).body).toEqual({
        statusCode: 409,
        message: API_MESSAGES.opportunityArchived,
      });
      expect(
        await app.sql(`SELECT 1 FROM waitlist_entries WHERE opportunity_id IN ($1, $2)`, [
          open.id,
          full.id,
        ]),
      ).toEqual([]);
    });

    it('answers 404 for an unknown opportunity, 400 for a bad id, 401 without identity, 403 for a deleted account', async () => {
      expect((await join(999_999, student)).body).toEqual({
        statusCode: 404,
        message: API_MESSAGES.opportunityNotFound,
      });
      expect((await join(Number.NaN, student)).status).toBe(400);
      const opportunity = await fullOne();
      expect(
        (await app.request('POST', `/api/opportunities/${opportunity.id}/waitlist`)).status,
      ).toBe(401);
      const gone: TestUser = { id: 4545, name: 'Gone Gus' };
      await app.events.deliver('user.deleted', { id: gone.id });
      expect((await join(opportunity.id, gone)).status).toBe(403);
    });
  });

  describe('DELETE /api/opportunities/{id}/waitlist', () => {
    it('takes you out of the line and moves those behind you up', async () => {
      const opportunity = await fullOne();
      await join(opportunity.id, student);
      await join(opportunity.id, otherStudent);
      const left = await leave(opportunity.id, student);
      expect(left.status).toBe(200);
      expect(left.body).toMatchObject({ waitlistPosition: null, waitlistCount: 1 });
      expect((await join(opportunity.id, otherStudent)).body).toMatchObject({
        waitlistPosition: 1,
      });
      expect((await places(student)).body.map((p) => p.opportunityId)).not.toContain(
        opportunity.id,
      );
    });

    it('answers 409 when you are not waiting and 404 for an unknown opportunity', async () => {
      const opportunity = await fullOne();
      expect((await leave(opportunity.id, student)).body).toEqual({
        statusCode: 409,
        message: API_MESSAGES.notOnWaitlist,
      });
      expect((await leave(999_999, student)).status).toBe(404);
    });
  });

  describe('promotion', () => {
    it('a withdrawal signs up the first in line, takes them off the waitlist and tells them (toast and e-mail)', async () => {
      const opportunity = await fullOne(admin);
      await join(opportunity.id, student);
      await join(opportunity.id, otherStudent);

      const withdrawn = await withdraw(opportunity.id, admin);
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body).toMatchObject({ filled: 1, spaces: 1, signedUp: false });

      expect(await mySignups(student)).toContain(opportunity.id);
      expect((await join(opportunity.id, student)).body).toEqual({
        statusCode: 409,
        message: API_MESSAGES.alreadySignedUp,
      });
      expect((await join(opportunity.id, otherStudent)).body).toMatchObject({
        waitlistPosition: 1,
        waitlistCount: 1,
      });
      const events = await promotions(opportunity.id);
      expect(events.map((e) => e.payload)).toEqual([
        {
          userIds: [student.id],
          kind: 'waitlist.promoted',
          title: `You're signed up: ${opportunity.title}`,
          body: expect.stringContaining('next on the waitlist'),
          path: '/volunteer',
          opportunityId: opportunity.id,
          email: true,
          message: { key: 'waitlistPromoted', values: { title: opportunity.title } },
        },
      ]);
    });

    it('a withdrawal with nobody waiting leaves the spot open and tells nobody', async () => {
      const opportunity = await fullOne(admin);
      expect((await withdraw(opportunity.id, admin)).body).toMatchObject({ filled: 0 });
      expect(await promotions(opportunity.id)).toEqual([]);
    });

    it('more spaces (an admin edit) sign up as many as fit, in line order, in the same edit', async () => {
      const opportunity = await fullOne(admin);
      await join(opportunity.id, student);
      await join(opportunity.id, otherStudent);
      await join(opportunity.id, third);
      const edited = await app.request<Opportunity>(
        'PATCH',
        `/api/opportunities/${opportunity.id}`,
        {
          as: admin,
          json: { spaces: 3 },
        },
      );
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ spaces: 3, filled: 3 });
      expect(await mySignups(student)).toContain(opportunity.id);
      expect(await mySignups(otherStudent)).toContain(opportunity.id);
      expect(await mySignups(third)).not.toContain(opportunity.id);
      expect((await promotions(opportunity.id)).map((e) => e.payload.userIds)).toEqual([
        [student.id],
        [otherStudent.id],
      ]);
      // The one who did not fit is now first in line.
      expect((await join(opportunity.id, third)).body).toMatchObject({
        waitlistPosition: 1,
        waitlistCount: 1,
      });
    });

    it('a deleted account frees its spots to the next in line', async () => {
      const leaving: TestUser = { id: 6060, name: 'Leo Leaving', school: 'Jesuit High School' };
      await app.events.registerUsers(leaving);
      const a = await fullOne(leaving);
      const b = await fullOne(leaving);
      await join(a.id, student);
      await join(b.id, otherStudent);
      // The deleted student was also waiting somewhere: that place goes too.
      const c = await fullOne(admin);
      await join(c.id, leaving);
      await join(c.id, third);

      await app.events.deliver('user.deleted', { id: leaving.id });

      expect(await mySignups(student)).toContain(a.id);
      expect(await mySignups(otherStudent)).toContain(b.id);
      expect((await promotions(a.id)).map((e) => e.payload.userIds)).toEqual([[student.id]]);
      expect((await promotions(b.id)).map((e) => e.payload.userIds)).toEqual([[otherStudent.id]]);
      expect((await join(c.id, third)).body).toMatchObject({
        waitlistPosition: 1,
        waitlistCount: 1,
      });
    });
  });

  describe('under concurrency', () => {
    it('50 withdrawals racing 200 waitlisters: capacity exact, nobody twice, line order kept, one notification each', async () => {
      const spaces = 50;
      const opportunity = await create({ spaces, title: 'Waitlist race' });
      const holders = Array.from({ length: spaces }, (_, i) => ({ id: 30_000 + i }));
      for (const h of holders) expect((await signUp(opportunity.id, h)).status).toBe(201);
      // 150 wait before the withdrawals start; 50 more join while they run (behind them).
      const early = Array.from({ length: 150 }, (_, i) => ({ id: 31_000 + i }));
      const late = Array.from({ length: 50 }, (_, i) => ({ id: 32_000 + i }));
      const joined = await Promise.all(early.map((s) => join(opportunity.id, s)));
      expect(joined.map((r) => r.status)).toEqual(early.map(() => 200));
      const line = (
        await app.sql<{ user_id: number }>(
          `SELECT user_id FROM waitlist_entries WHERE opportunity_id = $1 ORDER BY created_at, id`,
          [opportunity.id],
        )
      ).map((r) => r.user_id);
      expect(line).toHaveLength(150);

      const results = await Promise.all([
        ...holders.map((h) => withdraw(opportunity.id, h)),
        ...late.map((s) => join(opportunity.id, s)),
      ]);
      expect(results.map((r) => r.status)).toEqual(results.map(() => 200));

      const [row] = await app.sql<{ filled: number; n: number; distinct_users: number }>(
        `SELECT o.filled, count(s.id)::int AS n, count(DISTINCT s.user_id)::int AS distinct_users
           FROM opportunities o LEFT JOIN signups s ON s.opportunity_id = o.id
          WHERE o.id = $1 GROUP BY o.filled`,
        [opportunity.id],
      );
      expect(row).toEqual({ filled: spaces, n: spaces, distinct_users: spaces });
      // The first 50 in line, signed up in line order (sign-up ids follow the promotions).
      const signedUp = (
        await app.sql<{ user_id: number }>(
          `SELECT user_id FROM signups WHERE opportunity_id = $1 ORDER BY id`,
          [opportunity.id],
        )
      ).map((r) => r.user_id);
      expect(signedUp).toEqual(line.slice(0, spaces));
      // Nobody promoted is still waiting; everyone else still is, in the same order.
      const waiting = (
        await app.sql<{ user_id: number }>(
          `SELECT user_id FROM waitlist_entries WHERE opportunity_id = $1 ORDER BY created_at, id`,
          [opportunity.id],
        )
      ).map((r) => r.user_id);
      expect(waiting.slice(0, 100)).toEqual(line.slice(spaces));
      expect(new Set(waiting.slice(100))).toEqual(new Set(late.map((s) => s.id)));
      // Exactly one notification per promoted student, none for anyone else.
      const told = (await promotions(opportunity.id)).flatMap((e) => e.payload.userIds);
      // (Outbox rows carry their transaction's start time, so compare as sets.)
      expect(told).toHaveLength(spaces);
      expect(new Set(told)).toEqual(new Set(line.slice(0, spaces)));
    });
  });
});
