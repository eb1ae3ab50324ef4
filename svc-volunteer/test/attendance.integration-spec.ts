import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PUBLISHED_AUDIT_LOG, TEST_IDENTITY_SECRET } from '@district/service-kit/testing';
import {
  ATTENDANCE_MESSAGES,
  VALIDATION,
  type AttendanceRecord,
  type CheckInCode,
  type Opportunity,
  type RosterEntry,
} from '@district/contracts';
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
import { CheckInCodes } from '../src/attendance/check-in-code';

interface OutboxRow {
  payload: Record<string, unknown>;
}

const HOUR = 3_600_000;

// Issue 18: roster, attendance, the rotating check-in code and the student's check-in, and the
// attendance.recorded event each real change leaves in the outbox.
describe('attendance (svc-volunteer, real PostgreSQL and Redis)', () => {
  let app: VolunteerService;

  beforeAll(async () => {
    app = await startVolunteerService();
    await app.events.registerUsers(admin, supervisor, student, otherStudent);
  });
  afterAll(async () => {
    await app?.close();
  });

  // An opportunity whose start is `startsInMs` from now (the API only creates future ones, so
  // the times are set in the database), lasting 2 h 20 min, with `signedUp` signed up.
  const opportunityAt = async (startsInMs: number, ...signedUp: TestUser[]) => {
    const created = (
      await app.request<Opportunity>('POST', '/api/opportunities', {
        as: admin,
        json: opportunityBody({ title: 'River Cleanup' }),
      })
    ).body;
    for (const user of signedUp)
      expect(
        (await app.request('POST', `/api/opportunities/${created.id}/signup`, { as: user })).status,
      ).toBe(201);
    const startsAt = new Date(Date.now() + startsInMs);
    await app.sql(`UPDATE opportunities SET date = $2, ends_at = $3 WHERE id = $1`, [
      created.id,
      startsAt,
      new Date(startsAt.getTime() + 2 * HOUR + 20 * 60_000),
    ]);
    return { id: created.id, startsAt };
  };
  const roster = (id: number, as: TestUser = admin) =>
    app.request<RosterEntry[]>('GET', `/api/opportunities/${id}/roster`, { as });
  const mark = (id: number, userId: number, attended: unknown, as: TestUser = admin) =>
    app.request<AttendanceRecord>('PUT', `/api/opportunities/${id}/attendance/${userId}`, {
      as,
      json: { attended },
    });
  const codeFor = (id: number, as: TestUser = admin) =>
    app.request<CheckInCode>('GET', `/api/opportunities/${id}/check-in-code`, { as });
  const checkIn = (id: number, code: unknown, as: TestUser = student) =>
    app.request<AttendanceRecord & { message?: string }>(
      'POST',
      `/api/opportunities/${id}/check-in`,
      {
        as,
        json: { code },
      },
    );
  const events = async (opportunityId: number) =>
    (
      await app.sql<OutboxRow>(
        `SELECT payload FROM outbox WHERE type = 'attendance.recorded' ORDER BY seq`,
      )
    )
      .map((row) => row.payload)
      .filter((payload) => payload.opportunityId === opportunityId);

  // Issue 18: each real change is in the audit trail, by whoever took attendance.
  const audited = async (opportunityId: number) =>
    (
      await app.sql<{ actor_id: number; action: string; target_id: string; detail: unknown }>(
        `SELECT actor_id, action, target_id, detail FROM ${PUBLISHED_AUDIT_LOG}
          WHERE action LIKE 'attendance.%' ORDER BY id`,
      )
    ).filter((row) => JSON.stringify(row.detail).includes(`"opportunityId":${opportunityId}`));

  describe('roster and attendance (admin)', () => {
    it('lists the signed-up students with name, school and attendance not yet taken', async () => {
      const { id } = await opportunityAt(-HOUR, student, otherStudent);
      const response = await roster(id);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        {
          userId: otherStudent.id,
          name: otherStudent.name,
          school: otherStudent.school,
          attended: null,
          method: null,
          recordedAt: null,
        },
        {
          userId: student.id,
          name: student.name,
          school: student.school,
          attended: null,
          method: null,
          recordedAt: null,
        },
      ]);
    });

    it('refuses the roster and marking to students and supervisors, and answers 404 for a missing opportunity', async () => {
      const { id } = await opportunityAt(-HOUR, student);
      expect((await roster(id, student)).status).toBe(403);
      expect((await roster(id, supervisor)).status).toBe(403);
      expect((await mark(id, student.id, true, student)).status).toBe(403);
      expect((await mark(id, student.id, true, supervisor)).status).toBe(403);
      expect((await codeFor(id, supervisor)).status).toBe(403);
      expect((await roster(999_999)).status).toBe(404);
      expect((await mark(999_999, student.id, true)).status).toBe(404);
      expect(await events(id)).toEqual([]);
    });

    it('marks attended once (a repeat emits nothing), then absent undoes it with attended: false', async () => {
      const { id, startsAt } = await opportunityAt(-3 * HOUR, student);
      const first = await mark(id, student.id, true);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ userId: student.id, attended: true, method: 'roster' });
      expect((await mark(id, student.id, true)).status).toBe(200);
      expect((await roster(id)).body[0]).toMatchObject({ attended: true, method: 'roster' });
      expect(await events(id)).toEqual([
        {
          opportunityId: id,
          userId: student.id,
          title: 'River Cleanup',
          startsAt: startsAt.toISOString(),
          endsAt: new Date(startsAt.getTime() + 2 * HOUR + 20 * 60_000).toISOString(),
          hours: 2.5,
          attended: true,
          recordedBy: admin.id,
          method: 'roster',
        },
      ]);

      expect((await mark(id, student.id, false)).body).toMatchObject({ attended: false });
      expect((await roster(id)).body[0]).toMatchObject({ attended: false });
      expect((await events(id)).map((e) => e.attended)).toEqual([true, false]);
      expect(
        (await audited(id)).map((r) => [
          r.actor_id,
          r.action,
          r.target_id,
          (r.detail as { attended: boolean }).attended,
        ]),
      ).toEqual([
        [admin.id, 'attendance.mark', String(student.id), true],
        [admin.id, 'attendance.mark', String(student.id), false],
      ]);
    });

    it('refuses a student who is not signed up, and a body that is not a boolean', async () => {
      const { id } = await opportunityAt(-HOUR, student);
      const notSignedUp = await mark(id, otherStudent.id, true);
      expect(notSignedUp.status).toBe(404);
      expect(notSignedUp.body).toMatchObject({ message: ATTENDANCE_MESSAGES.studentNotSignedUp });
      const bad = await mark(id, student.id, 'yes');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ errors: [expect.objectContaining({ path: 'attended' })] });
      expect(
        (
          await app.request('PUT', `/api/opportunities/${id}/attendance/abc`, {
            as: admin,
            json: { attended: true },
          })
        ).status,
      ).toBe(400);
      expect(await events(id)).toEqual([]);
    });
  });

  it('forgets a deleted user’s attendance with their sign-ups', async () => {
    const leaving = { id: 40, name: 'Lea Leaving', school: 'Jesuit High School' };
    await app.events.registerUsers(leaving);
    const { id } = await opportunityAt(-HOUR, leaving);
    expect((await mark(id, leaving.id, true)).status).toBe(200);
    await app.events.deliver('user.deleted', { id: leaving.id });
    expect((await roster(id)).body).toEqual([]);
    expect(await app.sql(`SELECT 1 FROM attendance WHERE user_id = $1`, [leaving.id])).toEqual([]);
  });

  describe('check-in with the rotating code', () => {
    it('gives the admin a 6-digit code, its page and when it rotates', async () => {
      const { id } = await opportunityAt(30 * 60_000, student);
      const response = await codeFor(id);
      expect(response.status).toBe(200);
      expect(response.body.code).toMatch(/^\d{6}$/);
      expect(response.body.url).toBe(`/volunteer/check-in?o=${id}&c=${response.body.code}`);
      expect(response.body.periodSeconds).toBe(30);
      const expiresIn = new Date(response.body.expiresAt).getTime() - Date.now();
      expect(expiresIn).toBeGreaterThan(0);
      expect(expiresIn).toBeLessThanOrEqual(30_000);
    });

    it('checks a signed-up student in (method check-in, no admin) once, however often they scan', async () => {
      const { id } = await opportunityAt(-HOUR, student);
      const { code } = (await codeFor(id)).body;
      const response = await checkIn(id, code);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        userId: student.id,
        attended: true,
        method: 'check-in',
      });
      expect((await checkIn(id, code)).status).toBe(200);
      expect((await roster(id)).body[0]).toMatchObject({ attended: true, method: 'check-in' });
      expect(await events(id)).toEqual([
        expect.objectContaining({
          userId: student.id,
          attended: true,
          recordedBy: null,
          method: 'check-in',
        }),
      ]);
      expect((await audited(id)).map((r) => [r.actor_id, r.action])).toEqual([
        [student.id, 'attendance.check-in'],
      ]);
      // Issue 33: once, to the admins, as a live update for their open rosters (no mail).
      const liveUpdates = (
        await app.sql<OutboxRow>(
          `SELECT payload FROM outbox WHERE type = 'notification.requested' ORDER BY seq`,
        )
      )
        .map((row) => row.payload)
        .filter((payload) => payload.opportunityId === id);
      expect(liveUpdates).toEqual([
        expect.objectContaining({
          userIds: [admin.id],
          kind: 'attendance.checked-in',
          email: false,
        }),
      ]);
    });

    it('answers 403 to a user who is not signed up', async () => {
      const { id } = await opportunityAt(-HOUR, student);
      const { code } = (await codeFor(id)).body;
      const response = await checkIn(id, code, otherStudent);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(ATTENDANCE_MESSAGES.notSignedUp);
      expect(await events(id)).toEqual([]);
    });

    it('answers 400 for a wrong code, another event’s code or a malformed one', async () => {
      const { id } = await opportunityAt(-HOUR, student);
      const other = await opportunityAt(-HOUR, student);
      const { code } = (await codeFor(id)).body;
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      for (const attempt of [wrong, (await codeFor(other.id)).body.code]) {
        const response = await checkIn(id, attempt);
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(ATTENDANCE_MESSAGES.wrongCode);
      }
      expect((await checkIn(id, '12ab')).status).toBe(400);
      expect((await checkIn(id, undefined)).status).toBe(400);
      expect(await events(id)).toEqual([]);
    });

    it('is closed more than an hour before the start or after the end (409), for the code too', async () => {
      const early = await opportunityAt(90 * 60_000, student);
      const late = await opportunityAt(-(3 * HOUR + 30 * 60_000), student);
      for (const { id } of [early, late]) {
        const code = await codeFor(id);
        expect(code.status).toBe(409);
        expect(code.body).toMatchObject({ message: ATTENDANCE_MESSAGES.checkInClosed });
        const response = await checkIn(id, '123456');
        expect(response.status).toBe(409);
        expect(response.body.message).toBe(ATTENDANCE_MESSAGES.checkInClosed);
      }
      // The admin can still take attendance on the roster afterwards.
      expect((await mark(late.id, student.id, true)).status).toBe(200);
    });
  });
  // Issue 34: a check-in recorded on a phone without a signal, sent when the network returns.
  describe('check-in sent later from a phone (scannedAt, idempotencyKey)', () => {
    // The codes the service shows (its secret derives from IDENTITY_SECRET in tests).
    const codes = new CheckInCodes(`check-in/${TEST_IDENTITY_SECRET}`);
    const sendLater = (id: number, body: Record<string, unknown>, as: TestUser = student) =>
      app.request<AttendanceRecord & { message?: string; errors?: Array<{ path: string }> }>(
        'POST',
        `/api/opportunities/${id}/check-in`,
        { as, json: body },
      );
    const receipts = async (id: number) =>
      (
        await app.sql<{ n: string }>(
          `SELECT count(*) AS n FROM check_in_receipts WHERE opportunity_id = $1`,
          [id],
        )
      )[0]?.n;
    // An event that started 5 h ago and ended 2 h 40 min ago: its check-in window closed 1 h 40
    // min ago, but a scan 3 h ago was made while it was open.
    const finishedEvent = () => opportunityAt(-5 * HOUR, student);
    const threeHoursAgo = () => new Date(Date.now() - 3 * HOUR);

    it('checks the code as it was at the scan, after the window closed, and the hours follow', async () => {
      const { id } = await finishedEvent();
      const scannedAt = threeHoursAgo();
      const { code } = codes.current(id, scannedAt);
      // Sent now without its scan time, the same code is refused: the window has closed.
      expect((await checkIn(id, code)).status).toBe(409);
      const response = await sendLater(id, {
        code,
        scannedAt: scannedAt.toISOString(),
        idempotencyKey: crypto.randomUUID(),
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        userId: student.id,
        attended: true,
        method: 'check-in',
      });
      expect(await events(id)).toEqual([
        expect.objectContaining({ userId: student.id, attended: true, method: 'check-in' }),
      ]);
    });

    it('counts a check-in sent twice once, even after an admin changed the mark in between', async () => {
      const { id } = await finishedEvent();
      const scannedAt = threeHoursAgo();
      const body = {
        code: codes.current(id, scannedAt).code,
        scannedAt: scannedAt.toISOString(),
        idempotencyKey: crypto.randomUUID(),
      };
      // Two tabs (or the worker and a tab) at the same moment.
      const [first, second] = await Promise.all([sendLater(id, body), sendLater(id, body)]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(await events(id)).toHaveLength(1);
      expect(await receipts(id)).toBe('1');
      // The admin marks the student absent; a retry after a lost answer must not undo that.
      expect((await mark(id, student.id, false)).status).toBe(200);
      const retry = await sendLater(id, body);
      expect(retry.status).toBe(200);
      expect(retry.body).toMatchObject({ attended: false, method: 'roster' });
      expect((await events(id)).map((e) => e.attended)).toEqual([true, false]);
      // The same key for another event is a client's mistake, said as such.
      const other = await finishedEvent();
      const reused = await sendLater(other.id, {
        ...body,
        code: codes.current(other.id, scannedAt).code,
      });
      expect(reused.status).toBe(400);
      expect(reused.body.message).toBe(VALIDATION.idempotencyKeyInvalid);
      expect(reused.body.errors?.[0]?.path).toBe('idempotencyKey');
    });

    it('refuses a code that was not valid at the scan, and a scan outside the window', async () => {
      const { id } = await finishedEvent();
      const scannedAt = threeHoursAgo();
      // Today's code, claimed for three hours ago.
      const now = await sendLater(id, {
        code: codes.current(id, new Date()).code,
        scannedAt: scannedAt.toISOString(),
        idempotencyKey: crypto.randomUUID(),
      });
      expect(now.status).toBe(400);
      expect(now.body.message).toBe(ATTENDANCE_MESSAGES.wrongCode);
      expect(now.body.errors?.[0]?.path).toBe('code');
      // Scanned 90 min before the start: before the window opened.
      const early = new Date(Date.now() - 6.5 * HOUR);
      const tooEarly = await sendLater(id, {
        code: codes.current(id, early).code,
        scannedAt: early.toISOString(),
      });
      expect(tooEarly.status).toBe(409);
      expect(tooEarly.body.message).toBe(ATTENDANCE_MESSAGES.checkInClosed);
      expect(await events(id)).toEqual([]);
      expect(await receipts(id)).toBe('0');
    });

    it('answers 400 naming scannedAt for a scan over 24 h old or in the future, and bad fields', async () => {
      const { id } = await opportunityAt(-HOUR, student);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [
          { scannedAt: new Date(Date.now() - 25 * HOUR).toISOString() },
          'scannedAt',
          ATTENDANCE_MESSAGES.scannedOutOfRange,
        ],
        [
          { scannedAt: new Date(Date.now() + 10 * 60_000).toISOString() },
          'scannedAt',
          ATTENDANCE_MESSAGES.scannedOutOfRange,
        ],
        [{ scannedAt: 'yesterday' }, 'scannedAt', VALIDATION.invalidDate],
        [{ idempotencyKey: 'again' }, 'idempotencyKey', VALIDATION.idempotencyKeyInvalid],
      ];
      for (const [fields, path, message] of cases) {
        const response = await sendLater(id, {
          code: codes.current(id, new Date()).code,
          ...fields,
        });
        expect([response.status, response.body.errors?.[0]?.path, response.body.message]).toEqual([
          400,
          path,
          message,
        ]);
      }
      expect(await events(id)).toEqual([]);
    });
  });
});
