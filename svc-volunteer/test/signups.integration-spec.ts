import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API_MESSAGES, type Opportunity, type SignupEntry } from '@district/contracts';
import {
  admin,
  opportunityBody,
  otherStudent,
  startVolunteerService,
  student,
  supervisor,
  type TestUser,
  type VolunteerService,
} from './support/volunteer-fixtures';

describe('signups (svc-volunteer, real PostgreSQL and Redis)', () => {
  let app: VolunteerService;

  beforeAll(async () => {
    app = await startVolunteerService({ poolSize: 10 });
    await app.events.registerUsers(admin, supervisor, student, otherStudent);
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
  const signups = (id: number, as: TestUser = student) =>
    app.request<SignupEntry[]>('GET', `/api/opportunities/${id}/signups`, { as });
  const listed = async (id: number, as: TestUser) =>
    (await app.request<Opportunity[]>('GET', '/api/opportunities?status=active', { as })).body.find(
      (o) => o.id === id,
    );

  describe('POST /api/opportunities/{id}/signup', () => {
    it('signs up a student, a supervisor and an admin, each for themselves, and the capacity counts them', async () => {
      const opportunity = await create({ spaces: 5 });
      const first = await signUp(opportunity.id, student);
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        id: opportunity.id,
        filled: 1,
        spaces: 5,
        signedUp: true,
      });
      expect((await signUp(opportunity.id, supervisor)).status).toBe(201);
      expect((await signUp(opportunity.id, admin)).status).toBe(201);
      expect(await listed(opportunity.id, otherStudent)).toMatchObject({ filled: 3 });
      expect((await signups(opportunity.id)).body.map((s) => s.name)).toEqual([
        student.name,
        supervisor.name,
        admin.name,
      ]);
    });

    it('refuses a second signup by the same student with 409 and a clear message', async () => {
      const opportunity = await create();
      await signUp(opportunity.id, student);
      const again = await signUp(opportunity.id, student);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ statusCode: 409, message: API_MESSAGES.alreadySignedUp });
      expect(await listed(opportunity.id, student)).toMatchObject({ filled: 1 });
    });

    it('refuses a full opportunity with 409 "This opportunity is full"', async () => {
      const opportunity = await create({ spaces: 1 });
      expect((await signUp(opportunity.id, student)).status).toBe(201);
      const refused = await signUp(opportunity.id, otherStudent);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ statusCode: 409, message: 'This opportunity is full' });
      expect(await listed(opportunity.id, otherStudent)).toMatchObject({ filled: 1, spaces: 1 });
    });

    it('refuses an archived opportunity with 409 and a clear message', async () => {
      const opportunity = await create();
      await app.request('PATCH', `/api/opportunities/${opportunity.id}/status`, {
        as: admin,
        json: { status: 'archived' },
      });
      const refused = await signUp(opportunity.id, student);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ statusCode: 409, message: API_MESSAGES.opportunityArchived });
      expect(
        await app.sql(`SELECT 1 FROM signups WHERE opportunity_id = $1`, [opportunity.id]),
      ).toHaveLength(0);
    });

    it('answers 401 signed out, 404 for an unknown opportunity, 400 for a malformed id', async () => {
      const opportunity = await create();
      expect(
        (await app.request('POST', `/api/opportunities/${opportunity.id}/signup`)).status,
      ).toBe(401);
      const unknown = await signUp(987654, student);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ statusCode: 404, message: API_MESSAGES.opportunityNotFound });
      const garbage = await app.request('POST', '/api/opportunities/x1/signup', { as: student });
      expect(garbage.status).toBe(400);
      expect(garbage.body).toMatchObject({ errors: [{ path: 'id', message: 'Invalid id' }] });
    });

    it('ignores any body: nobody can sign up someone else', async () => {
      const opportunity = await create();
      const res = await app.request('POST', `/api/opportunities/${opportunity.id}/signup`, {
        as: student,
        json: { userId: otherStudent.id },
      });
      expect(res.status).toBe(201);
      expect(
        await app.sql(`SELECT user_id FROM signups WHERE opportunity_id = $1`, [opportunity.id]),
      ).toEqual([{ user_id: student.id }]);
    });
  });

  describe('DELETE /api/opportunities/{id}/signup (withdraw)', () => {
    it('frees the spot: a full opportunity takes someone else again', async () => {
      const opportunity = await create({ spaces: 1 });
      await signUp(opportunity.id, student);
      expect((await signUp(opportunity.id, otherStudent)).status).toBe(409);

      const res = await withdraw(opportunity.id, student);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: opportunity.id, filled: 0, signedUp: false });
      expect((await signups(opportunity.id)).body).toEqual([]);

      expect((await signUp(opportunity.id, otherStudent)).status).toBe(201);
      expect((await signups(opportunity.id)).body).toEqual([
        { name: 'Otto Other', school: 'Dominican High School', mine: false },
      ]);
    });

    it('answers 409 when the caller is not signed up, 404 unknown, 401 signed out', async () => {
      const opportunity = await create();
      const notSigned = await withdraw(opportunity.id, student);
      expect(notSigned.status).toBe(409);
      expect(notSigned.body).toEqual({ statusCode: 409, message: API_MESSAGES.notSignedUp });
      expect((await withdraw(987654, student)).status).toBe(404);
      expect(
        (await app.request('DELETE', `/api/opportunities/${opportunity.id}/signup`)).status,
      ).toBe(401);
    });

    it('refuses to withdraw from an archived (past) opportunity', async () => {
      const opportunity = await create();
      await signUp(opportunity.id, student);
      await app.request('PATCH', `/api/opportunities/${opportunity.id}/status`, {
        as: admin,
        json: { status: 'archived' },
      });
      const res = await withdraw(opportunity.id, student);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ statusCode: 409, message: API_MESSAGES.opportunityArchived });
      expect(
        await app.sql(`SELECT 1 FROM signups WHERE opportunity_id = $1`, [opportunity.id]),
      ).toHaveLength(1);
    });
  });

  describe('GET /api/opportunities/mine', () => {
    it("answers the ids of the caller's own sign-ups only; 401 signed out", async () => {
      const me: TestUser = { id: 4545, name: 'Mina Mine', school: 'Rummel High School' };
      const first = await create();
      const second = await create();
      const others = await create();
      await signUp(second.id, me);
      await signUp(first.id, me);
      await signUp(others.id, otherStudent);
      const res = await app.request<number[]>('GET', '/api/opportunities/mine', { as: me });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([first.id, second.id]);
      await withdraw(first.id, me);
      expect((await app.request('GET', '/api/opportunities/mine', { as: me })).body).toEqual([
        second.id,
      ]);
      expect((await app.request('GET', '/api/opportunities/mine')).status).toBe(401);
    });
  });

  describe('GET /api/opportunities/{id}/signups', () => {
    it('lists "name and school" of each signed-up student in signup order, for every role', async () => {
      const opportunity = await create();
      await signUp(opportunity.id, otherStudent);
      await signUp(opportunity.id, student);
      for (const as of [student, supervisor, admin]) {
        const res = await signups(opportunity.id, as);
        expect(res.status).toBe(200);
        // Issue 15.9: no user ids; only the viewer's own entry is marked.
        expect(res.body).toEqual([
          { name: 'Otto Other', school: 'Dominican High School', mine: false },
          { name: 'Stella Student', school: 'Chalmette High School', mine: as === student },
        ]);
      }
    });

    it('answers [] for nobody, 404 unknown, 400 malformed, 401 signed out', async () => {
      const opportunity = await create();
      expect((await signups(opportunity.id)).body).toEqual([]);
      expect((await signups(987654)).status).toBe(404);
      expect(
        (await app.request('GET', '/api/opportunities/1.5/signups', { as: student })).status,
      ).toBe(400);
      expect(
        (await app.request('GET', `/api/opportunities/${opportunity.id}/signups`)).status,
      ).toBe(401);
    });

    it('shows a placeholder only when neither the replica nor the identity knows the user', async () => {
      const opportunity = await create();
      // An identity without name and school (as svc-auth signed them before issue 15.9).
      await signUp(opportunity.id, { id: 4242 });
      expect((await signups(opportunity.id)).body).toEqual([
        { name: 'Unknown Student', school: '', mine: false },
      ]);
    });

    // Issue 15.9: 7 of 48 students who registered and signed up at once showed as "Unknown
    // Student" because user.registered had not reached this service yet.
    it('names a just-registered student from the gateway identity before user.registered arrives', async () => {
      const opportunity = await create();
      const newcomer: TestUser = { id: 4343, name: 'Nia Newcomer', school: 'Grand Isle School' };
      expect((await signUp(opportunity.id, newcomer)).status).toBe(201);
      expect((await signups(opportunity.id, student)).body).toEqual([
        { name: 'Nia Newcomer', school: 'Grand Isle School', mine: false },
      ]);
      expect((await signups(opportunity.id, newcomer)).body).toEqual([
        { name: 'Nia Newcomer', school: 'Grand Isle School', mine: true },
      ]);

      // The event, when it comes, is the truth (even with an older timestamp than the sign-up).
      await app.events.deliver(
        'user.registered',
        {
          id: newcomer.id,
          name: 'Nia N. Newcomer',
          school: 'Haynes Academy for Advanced Studies',
          grade: 9,
          avatarUrl: null,
          isAdmin: false,
          isSupervisor: false,
        },
        { occurredAt: new Date(Date.now() - 3_600_000) },
      );
      expect((await signups(opportunity.id)).body).toEqual([
        { name: 'Nia N. Newcomer', school: 'Haynes Academy for Advanced Studies', mine: false },
      ]);
    });

    it('never brings a deleted user back through their identity', async () => {
      const opportunity = await create();
      const gone: TestUser = { id: 4444, name: 'Gone Gina', school: 'Jesuit High School' };
      await app.events.deliver('user.deleted', { id: gone.id });
      expect((await signUp(opportunity.id, gone)).status).toBe(403);
      expect(await app.sql(`SELECT name, deleted FROM users WHERE id = $1`, [gone.id])).toEqual([
        { name: '', deleted: true },
      ]);
      expect((await signups(opportunity.id)).body).toEqual([]);
    });
  });

  describe('capacity under concurrency', () => {
    it('200 simultaneous signups from 200 students for 10 spaces: exactly 10 accepted, 190 clear refusals, no 5xx', async () => {
      const opportunity = await create({ spaces: 10, title: 'Race' });
      const students = Array.from({ length: 200 }, (_, i) => ({ id: 10_000 + i }));
      const results = await Promise.all(students.map((s) => signUp(opportunity.id, s)));

      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      const refused = results.filter((r) => r.status !== 201);
      expect(refused).toHaveLength(190);
      for (const r of refused)
        expect(r.body).toEqual({ statusCode: 409, message: API_MESSAGES.opportunityFull });

      const [row] = await app.sql<{ filled: number; n: number }>(
        `SELECT o.filled, (SELECT count(*)::int FROM signups s WHERE s.opportunity_id = o.id) AS n
           FROM opportunities o WHERE o.id = $1`,
        [opportunity.id],
      );
      expect(row).toEqual({ filled: 10, n: 10 });
      expect((await signups(opportunity.id)).body).toHaveLength(10);
    });

    it('the same student signing up 20 times at once gets one signup and 19 "already signed up"', async () => {
      const opportunity = await create({ spaces: 10 });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => signUp(opportunity.id, student)),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      const refused = results.filter((r) => r.status !== 201);
      expect(refused.every((r) => r.status === 409)).toBe(true);
      expect(
        new Set(refused.map((r) => (r.body as unknown as { message: string }).message)),
      ).toEqual(new Set([API_MESSAGES.alreadySignedUp]));
      expect(await listed(opportunity.id, student)).toMatchObject({ filled: 1 });
    });

    it('signups and withdrawals racing never overbook and keep the count exact', async () => {
      const opportunity = await create({ spaces: 5 });
      const first = Array.from({ length: 5 }, (_, i) => ({ id: 20_000 + i }));
      for (const s of first) await signUp(opportunity.id, s);
      const newcomers = Array.from({ length: 40 }, (_, i) => ({ id: 21_000 + i }));
      const results = await Promise.all([
        ...first.map((s) => withdraw(opportunity.id, s)),
        ...newcomers.map((s) => signUp(opportunity.id, s)),
      ]);
      expect(results.filter((r) => r.status >= 500)).toEqual([]);
      const [row] = await app.sql<{ filled: number; n: number }>(
        `SELECT o.filled, (SELECT count(*)::int FROM signups s WHERE s.opportunity_id = o.id) AS n
           FROM opportunities o WHERE o.id = $1`,
        [opportunity.id],
      );
      expect(row.filled).toBe(row.n);
      expect(row.n).toBeLessThanOrEqual(5);
      expect(results.slice(5).filter((r) => r.status === 201)).toHaveLength(row.n);
    });
  });
});
