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

// Every endpoint × role, every validation message and the own-only scoping, against real
// PostgreSQL and Redis with the service booted exactly as in production.
describe('svc-hours API', () => {
  let hours: HoursService;
  let db: DataSource;
  let events: HoursEvents;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    hours.request<T>(method, path, options);

  const countRows = async () =>
    Number(
      (
        (await db.query(`SELECT count(*)::int AS n FROM "service_hours_logs"`)) as Array<{
          n: number;
        }>
      )[0].n,
    );
  const post = (as: Caller | undefined, json: unknown) =>
    request('POST', '/api/service-hours', { as, json });
  const review = (as: Caller | undefined, id: number | string, status: unknown) =>
    request('PATCH', `/api/service-hours/${id}/status`, { as, json: { status } });

  beforeAll(async () => {
    hours = await startHoursService();
    ({ db, events } = hours);
    await events.registerUser({ id: STUDENT.id, name: 'Ada Student', school: 'Jesuit HS' });
    await events.registerUser({ id: OTHER_STUDENT.id, name: 'Ben Other', school: 'PFT' });
    await events.registerUser({
      id: SUPERVISOR.id,
      name: 'Sue Supervisor',
      school: 'East Jefferson High School',
      isSupervisor: true,
    });
    await events.registerUser({
      id: ADMIN.id,
      name: 'Al Admin',
      school: 'Homeschool',
      isAdmin: true,
    });
    // svc-volunteer's opportunity 7, as its opportunity.created event describes it (issue 29).
    await events.opportunityEvent('opportunity.created', 7);
  });

  afterAll(async () => {
    await hours?.close();
  });

  describe('signed out (no identity from the gateway)', () => {
    it.each([
      ['GET', '/api/service-hours'],
      ['GET', '/api/service-hours?mine=true'],
      ['GET', '/api/service-hours/summary'],
      ['POST', '/api/service-hours'],
      ['PATCH', '/api/service-hours/1/status'],
    ])('%s %s answers 401 with the JSON error shape', async (method, path) => {
      const before = await countRows();
      const res = await request(method, path, { json: method === 'GET' ? undefined : logBody() });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, message: expect.any(String) });
      expect(await countRows()).toBe(before);
    });

    it('refuses a forged identity header', async () => {
      const res = await request('GET', '/api/service-hours', {
        headers: { 'x-identity': 'not-a-token' },
      });
      expect(res.status).toBe(401);
    });
  });

  describe('POST /api/service-hours', () => {
    it('creates a pending entry for the caller with their name and canonical school', async () => {
      const res = await post(STUDENT, logBody({ hours: 1.5, opportunityId: 7 }));
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        userId: STUDENT.id,
        opportunityId: 7,
        hours: 1.5,
        description: 'Sorted cans at the food bank',
        date: '2025-03-01',
        status: 'pending',
        approvedBy: null,
        submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        userName: 'Ada Student',
        schoolName: 'Jesuit High School',
        source: 'manual',
        possibleDuplicateOf: null,
        // Nobody was asked to confirm it (issue 19).
        confirmation: null,
        // Never rejected (issue 33).
        rejectionReason: null,
      });
      expect(Date.now() - Date.parse(res.body.submittedAt)).toBeLessThan(60_000);
    });

    it('lets supervisors and admins log their own hours too', async () => {
      for (const caller of [SUPERVISOR, ADMIN]) {
        const res = await post(caller, logBody({ hours: 2 }));
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({
          userId: caller.id,
          status: 'pending',
          opportunityId: null,
        });
      }
    });

    // Issue 29: the body is what the document says, no more. These were stored before: "2" as 2,
    // "1" as opportunity 1, a date-time's day, and 30 February as 1 March. The other spellings are
    // the contracts schema's tests (service-hours.schema.spec.ts); one case per rule stays here.
    it.each([
      ['hours as text', { hours: '2' }, 'hours', 'Expected number, received string'],
      ['an empty opportunityId', { opportunityId: '' }, 'opportunityId', 'Invalid id'],
      ['30 February', { date: '2024-02-30' }, 'date', 'Invalid date'],
      ['opportunityId past int4', { opportunityId: 2 ** 31 }, 'opportunityId', 'Invalid id'],
    ])('refuses %s with 400 naming the field (issue 29)', async (_name, change, path, message) => {
      const before = await countRows();
      const res = await post(STUDENT, logBody(change));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message,
        errors: expect.arrayContaining([{ path, message }]),
      });
      expect(await countRows()).toBe(before);
    });

    it('takes 29 February of a leap year', async () => {
      const res = await post(STUDENT, logBody({ date: '2024-02-29' }));
      expect(res.status).toBe(201);
      expect(res.body.date).toBe('2024-02-29');
    });

    // Issue 29: svc-hours learns of opportunities by svc-volunteer's events (DESIGN rules 1, 5).
    describe('an opportunity that does not exist', () => {
      const refused = async (opportunityId: number) => {
        const before = await countRows();
        const res = await post(STUDENT, logBody({ opportunityId }));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          message: 'Opportunity not found',
          errors: [{ path: 'opportunityId', message: 'Opportunity not found' }],
        });
        expect(await countRows()).toBe(before);
      };

      it('is refused with 400 naming opportunityId, and nothing is stored', async () => {
        await refused(999_999);
      });

      it('is accepted once its opportunity.created has arrived, refused after its deletion', async () => {
        await refused(8);
        await events.opportunityEvent('opportunity.created', 8, 'Beach sweep');
        expect((await post(STUDENT, logBody({ opportunityId: 8 }))).status).toBe(201);
        await events.opportunityEvent('opportunity.deleted', 8);
        await refused(8);
        // An edit's event arriving after the deletion's does not bring it back.
        await events.opportunityEvent('opportunity.updated', 8, 'Beach sweep (moved)');
        await refused(8);
      });

      it('learns of older opportunities from opportunity.updated (the backfill) too', async () => {
        await refused(9);
        await events.opportunityEvent('opportunity.updated', 9);
        expect((await post(STUDENT, logBody({ opportunityId: 9 }))).status).toBe(201);
      });
    });

    it('accepts today', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const res = await post(STUDENT, logBody({ date: today }));
      expect(res.status).toBe(201);
      expect(res.body.date).toBe(today);
    });

    // Each bound of hours, the short description and a nonsense date are the contracts schema's
    // tests (service-hours.schema.spec.ts); here one case per field that the server refuses it.
    const nextYear = new Date(Date.now() + 366 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    it.each([
      ['hours below 0.5', { hours: 0 }, 'hours', 'Hours must be at least 0.5'],
      [
        'blank-padded description',
        { description: '   short   ' },
        'description',
        'Description must be at least 10 characters',
      ],
      ['description missing', { description: undefined }, 'description', 'Required'],
      ['date in the future', { date: nextYear }, 'date', 'Date cannot be in the future'],
      ['date missing', { date: undefined }, 'date', 'Required'],
      ['opportunityId not a number', { opportunityId: 'abc' }, 'opportunityId', 'Invalid id'],
      [
        'a status set by the client',
        { status: 'approved' },
        'status',
        'Unrecognized field: status',
      ],
      [
        'a userId set by the client',
        { userId: OTHER_STUDENT.id },
        'userId',
        'Unrecognized field: userId',
      ],
    ])(
      'refuses %s with 400 naming the field and writes nothing',
      async (_name, change, path, message) => {
        const before = await countRows();
        const res = await post(STUDENT, logBody(change));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          message,
          errors: expect.arrayContaining([{ path, message }]),
        });
        expect(await countRows()).toBe(before);
      },
    );

    it('answers malformed JSON and a non-object body with 400, never 500', async () => {
      const malformed = await request('POST', '/api/service-hours', {
        as: STUDENT,
        body: '{"hours": 1',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.statusCode).toBe(400);
      const array = await post(STUDENT, [logBody()]);
      expect(array.status).toBe(400);
    });
  });

  describe('GET /api/service-hours', () => {
    let otherId: number;

    beforeAll(async () => {
      otherId = (await post(OTHER_STUDENT, logBody({ description: 'Coached the under-10 team' })))
        .body.id;
    });

    it('gives a student only their own entries, newest first', async () => {
      const res = await request('GET', '/api/service-hours', { as: STUDENT });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.every((e: { userId: number }) => e.userId === STUDENT.id)).toBe(true);
      const times = res.body.map((e: { submittedAt: string }) => Date.parse(e.submittedAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it.each([
      '?mine=false',
      '?mine=0',
      `?userId=${OTHER_STUDENT.id}`,
      `?user_id=${OTHER_STUDENT.id}`,
      '?school=Patrick%20F.%20Taylor%20Science%20%26%20Technology%20Academy',
      '?status=pending',
      '?page=1&pageSize=200',
    ])('never shows a student another student’s entry (%s)', async (query) => {
      const res = await request('GET', `/api/service-hours${query}`, { as: STUDENT });
      expect(res.status).toBe(200);
      const items: Array<{ id: number; userId: number }> = Array.isArray(res.body)
        ? res.body
        : res.body.items;
      expect(items.some((e) => e.id === otherId)).toBe(false);
      expect(items.every((e) => e.userId === STUDENT.id)).toBe(true);
    });

    it.each([
      ['supervisor', SUPERVISOR],
      ['admin', ADMIN],
    ])('gives a %s every entry with userName and canonical schoolName', async (_role, caller) => {
      const res = await request('GET', '/api/service-hours', { as: caller });
      expect(res.status).toBe(200);
      expect(res.body.length).toBe(await countRows());
      const other = res.body.find((e: { id: number }) => e.id === otherId);
      expect(other).toMatchObject({
        userId: OTHER_STUDENT.id,
        userName: 'Ben Other',
        schoolName: 'Patrick F. Taylor Science & Technology Academy',
      });
      const ids = new Set(res.body.map((e: { userId: number }) => e.userId));
      expect(ids).toEqual(new Set([STUDENT.id, OTHER_STUDENT.id, SUPERVISOR.id, ADMIN.id]));
    });

    it('answers ?mine=true with only the caller’s entries, even for a supervisor', async () => {
      const res = await request('GET', '/api/service-hours?mine=true', { as: SUPERVISOR });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.every((e: { userId: number }) => e.userId === SUPERVISOR.id)).toBe(true);
    });

    it('filters by status and canonical school on the server', async () => {
      const school = 'Patrick F. Taylor Science & Technology Academy';
      const res = await request(
        'GET',
        `/api/service-hours?status=pending&school=${encodeURIComponent(school)}`,
        {
          as: SUPERVISOR,
        },
      );
      expect(res.status).toBe(200);
      expect(res.body.map((e: { id: number }) => e.id)).toEqual([otherId]);
      const none = await request('GET', '/api/service-hours?status=rejected&school=Homeschool', {
        as: SUPERVISOR,
      });
      expect(none.body).toEqual([]);
    });

    it('pages on request and keeps the plain call an array', async () => {
      const all = await request('GET', '/api/service-hours', { as: ADMIN });
      const first = await request('GET', '/api/service-hours?page=1&pageSize=2', { as: ADMIN });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        items: all.body.slice(0, 2),
        total: all.body.length,
        page: 1,
        pageSize: 2,
      });
      const second = await request('GET', '/api/service-hours?page=2&pageSize=2', { as: ADMIN });
      expect(second.body.items).toEqual(all.body.slice(2, 4));
    });

    // ?mine=maybe and an oversized pageSize are the contracts schema's tests.
    it.each([
      ['?status=done', 'status'],
      ['?page=0', 'page'],
    ])('refuses a bad query %s with 400 naming %s', async (query, path) => {
      const res = await request('GET', `/api/service-hours${query}`, { as: SUPERVISOR });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe(path);
    });

    it('names an entry whose user is not yet in the replica "Unknown Student" under "Other"', async () => {
      const stranger = { id: 999 };
      await post(stranger, logBody());
      const res = await request('GET', '/api/service-hours?school=Other', { as: SUPERVISOR });
      expect(res.body).toEqual([
        expect.objectContaining({ userId: 999, userName: 'Unknown Student', schoolName: 'Other' }),
      ]);
      await db.query(`DELETE FROM "service_hours_logs" WHERE "user_id" = 999`);
    });
  });

  describe('GET /api/service-hours/summary', () => {
    it('sums a student’s own entries only', async () => {
      const own = (await request('GET', '/api/service-hours', { as: STUDENT })).body as Array<{
        hours: number;
        status: string;
      }>;
      const res = await request('GET', '/api/service-hours/summary', { as: STUDENT });
      expect(res.status).toBe(200);
      const totals = {
        total: own.length,
        pending: own.filter((e) => e.status === 'pending').length,
        approved: own.filter((e) => e.status === 'approved').length,
        rejected: own.filter((e) => e.status === 'rejected').length,
        approvedHours: own.filter((e) => e.status === 'approved').reduce((s, e) => s + e.hours, 0),
        pendingHours: own.filter((e) => e.status === 'pending').reduce((s, e) => s + e.hours, 0),
        activeStudents: 1,
      };
      expect(res.body).toEqual({
        ...totals,
        schools: ['Jesuit High School'],
        bySchool: { 'Jesuit High School': totals },
      });
      // Not even a school filter widens a student's view.
      const other = await request(
        'GET',
        `/api/service-hours/summary?mine=false&school=${encodeURIComponent('Patrick F. Taylor Science & Technology Academy')}`,
        { as: STUDENT },
      );
      expect(other.body).toMatchObject({ total: 0, schools: ['Jesuit High School'] });
    });

    it('gives a supervisor every school in registry order and narrows the counts by school', async () => {
      const all = await request('GET', '/api/service-hours/summary', { as: SUPERVISOR });
      expect(all.body.schools).toEqual([
        'East Jefferson High School',
        'Homeschool',
        'Jesuit High School',
        'Patrick F. Taylor Science & Technology Academy',
      ]);
      expect(all.body.activeStudents).toBe(4);
      expect(all.body.total).toBe(await countRows());
      const pft = await request(
        'GET',
        `/api/service-hours/summary?school=${encodeURIComponent('Patrick F. Taylor Science & Technology Academy')}`,
        { as: SUPERVISOR },
      );
      // The per-school table adds back up to the whole.
      const rows = Object.values(all.body.bySchool) as Array<{ total: number; pending: number }>;
      expect(Object.keys(all.body.bySchool).sort()).toEqual([...all.body.schools].sort());
      expect(rows.reduce((n, r) => n + r.total, 0)).toBe(all.body.total);
      expect(rows.reduce((n, r) => n + r.pending, 0)).toBe(all.body.pending);
      expect(pft.body).toMatchObject({
        total: 1,
        pending: 1,
        activeStudents: 1,
        pendingHours: 1.5,
        schools: all.body.schools,
      });
    });
  });

  describe('PATCH /api/service-hours/:id/status', () => {
    let pendingId: number;

    beforeAll(async () => {
      pendingId = (
        await post(STUDENT, logBody({ hours: 3.5, description: 'Painted the community centre' }))
      ).body.id;
    });

    it('refuses a student, even on their own entry, and changes nothing', async () => {
      const res = await review(STUDENT, pendingId, 'approved');
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ statusCode: 403, message: expect.any(String) });
      const [row] = await db.query(`SELECT "status" FROM "service_hours_logs" WHERE "id" = $1`, [
        pendingId,
      ]);
      expect(row.status).toBe('pending');
    });

    it('lets a supervisor approve a pending entry and records who did', async () => {
      const res = await review(SUPERVISOR, pendingId, 'approved');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: pendingId,
        status: 'approved',
        approvedBy: SUPERVISOR.id,
        hours: 3.5,
      });
      const own = await request('GET', '/api/service-hours', { as: STUDENT });
      expect(own.body.find((e: { id: number }) => e.id === pendingId).status).toBe('approved');
    });

    it('refuses a second review with 409 and a clear message', async () => {
      const res = await review(ADMIN, pendingId, 'rejected');
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        statusCode: 409,
        message: 'Only pending items can be reviewed: this entry is already approved',
      });
    });

    it('lets an admin reject a pending entry', async () => {
      const id = (await post(OTHER_STUDENT, logBody({ hours: 24 }))).body.id;
      const res = await review(ADMIN, id, 'rejected');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, status: 'rejected', approvedBy: ADMIN.id });
    });

    it('refuses reviewing one’s own entry', async () => {
      const id = (await post(SUPERVISOR, logBody())).body.id;
      const res = await review(SUPERVISOR, id, 'approved');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You cannot review your own service hours');
    });

    it('answers an unknown id with 404 and a bad id with 400', async () => {
      expect((await review(SUPERVISOR, 987654, 'approved')).body).toEqual({
        statusCode: 404,
        message: 'Service hours entry not found',
      });
      const bad = await review(SUPERVISOR, 'abc', 'approved');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ path: 'id', message: 'Invalid id' }]);
      expect((await review(SUPERVISOR, '1.5', 'approved')).status).toBe(400);
      expect((await review(SUPERVISOR, 99999999999, 'approved')).status).toBe(404);
    });

    // The other statuses are the schema specs'; one stays to show nothing changes. (pending is the
    // undo since issue 33: rejection.integration-spec.ts.)
    it.each([['archived']])('refuses status %s with 400', async (status) => {
      const id = (await post(STUDENT, logBody())).body.id;
      const res = await review(SUPERVISOR, id, status);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { path: 'status', message: 'Status must be approved, rejected or pending' },
      ]);
      const [row] = await db.query(`SELECT "status" FROM "service_hours_logs" WHERE "id" = $1`, [
        id,
      ]);
      expect(row.status).toBe('pending');
    });
  });
});
