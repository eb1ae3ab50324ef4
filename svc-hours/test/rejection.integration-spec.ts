import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { PUBLISHED_AUDIT_LOG } from '@district/service-kit/testing';
import {
  ADMIN,
  logBody,
  OTHER_STUDENT,
  STUDENT,
  SUPERVISOR,
  type Json,
  type RequestOptions,
  startHoursService,
  type HoursService,
} from './support/hours-fixtures';

// Issue 33: a rejection's reason, the supervisor's undo and the student's corrected entry, on
// real PostgreSQL and Redis.
describe('rejection reasons, undo and resubmission (svc-hours)', () => {
  let hours: HoursService;
  let db: DataSource;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    hours.request<T>(method, path, options);
  const logHours = async (overrides: Record<string, unknown> = {}) =>
    (await request('POST', '/api/service-hours', { as: STUDENT, json: logBody(overrides) })).body
      .id as number;
  const setStatus = (as: typeof SUPERVISOR, id: number, json: Record<string, unknown>) =>
    request('PATCH', `/api/service-hours/${id}/status`, { as, json });
  const mine = async () =>
    (await request<Json[]>('GET', '/api/service-hours?mine=true', { as: STUDENT })).body;
  const events = (type: string): Promise<Array<{ payload: Json }>> =>
    db.query(`SELECT "payload" FROM "outbox" WHERE "type" = $1 ORDER BY "seq"`, [type]);
  const auditDetails = async (action: string, id: number): Promise<Json[]> =>
    (
      (await db.query(
        `SELECT outcome, detail FROM ${PUBLISHED_AUDIT_LOG}
          WHERE target_type = 'service-hours' AND action = $1 AND target_id = $2 ORDER BY id`,
        [action, String(id)],
      )) as Array<{ outcome: string; detail: Json }>
    ).map((r) => ({ outcome: r.outcome, ...r.detail }));

  beforeAll(async () => {
    hours = await startHoursService();
    ({ db } = hours);
    await hours.events.registerUser({ id: STUDENT.id, name: 'Ada Student' });
    await hours.events.registerUser({ id: OTHER_STUDENT.id, name: 'Ben Student' });
  });

  afterAll(async () => {
    await hours?.close();
  });

  it("stores a rejection's reason, trimmed, audits it and shows it in the student's list", async () => {
    const id = await logHours();
    const answer = await setStatus(SUPERVISOR, id, {
      status: 'rejected',
      reason: '  Hours don’t match the event  ',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Hours don’t match the event',
    });
    expect((await mine()).find((e) => e.id === id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Hours don’t match the event',
    });
    expect(await auditDetails('hours.reject', id)).toEqual([
      expect.objectContaining({ outcome: 'success', reason: 'Hours don’t match the event' }),
    ]);
  });

  it("keeps the spec's body: a rejection without a reason, an approval", async () => {
    const id = await logHours();
    const answer = await setStatus(ADMIN, id, { status: 'rejected' });
    expect(answer.status).toBe(200);
    expect(answer.body.rejectionReason).toBeNull();
  });

  it('refuses a reason too long, or beside an approval, with 400 on the reason field', async () => {
    const id = await logHours();
    for (const json of [
      { status: 'rejected', reason: 'x'.repeat(501) },
      { status: 'approved', reason: 'Looks fine' },
    ]) {
      const answer = await setStatus(SUPERVISOR, id, json);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'reason' })]);
    }
    const [row] = await db.query(`SELECT "status" FROM "service_hours_logs" WHERE "id" = $1`, [id]);
    expect(row.status).toBe('pending');
  });

  it('undoing an approval puts every figure back: progress, summary and the credit', async () => {
    const progress = async () =>
      (await request('GET', '/api/service-hours/progress', { as: STUDENT })).body;
    const before = await progress();
    const id = await logHours({ hours: 3 });
    expect((await setStatus(SUPERVISOR, id, { status: 'approved' })).status).toBe(200);
    expect((await progress()).approvedHours).toBe(Number(before.approvedHours) + 3);

    // Any supervisor or admin may undo, not only the one who decided.
    const undone = await setStatus(ADMIN, id, { status: 'pending' });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({
      status: 'pending',
      approvedBy: null,
      rejectionReason: null,
    });
    const after = await progress();
    expect(after.approvedHours).toBe(before.approvedHours);
    expect(after.pendingHours).toBe(Number(before.pendingHours) + 3);
    expect(await events('hours.revoked')).toEqual([{ payload: { logId: id, userId: STUDENT.id } }]);
    expect(await auditDetails('hours.reopen', id)).toEqual([
      expect.objectContaining({ outcome: 'success', from: 'approved', to: 'pending' }),
    ]);
    // Pending again: decided anew, with a second credit event only then.
    expect((await setStatus(SUPERVISOR, id, { status: 'approved' })).status).toBe(200);
    expect((await events('hours.approved')).filter((e) => e.payload.logId === id)).toHaveLength(2);
  });

  it('refuses undo to students (403), of a pending entry (409) and on the own entry (403)', async () => {
    const id = await logHours();
    expect((await setStatus(STUDENT, id, { status: 'pending' })).status).toBe(403);
    expect((await setStatus(SUPERVISOR, id, { status: 'pending' })).status).toBe(409);
    await setStatus(SUPERVISOR, id, { status: 'rejected', reason: 'Missing details' });
    expect((await setStatus(STUDENT, id, { status: 'pending' })).status).toBe(403);
    const [row] = await db.query(`SELECT "status" FROM "service_hours_logs" WHERE "id" = $1`, [id]);
    expect(row.status).toBe('rejected');
  });

  it('lets only the owner correct a rejected entry and send it again, the reason kept until re-review', async () => {
    const id = await logHours({ hours: 6 });
    await setStatus(SUPERVISOR, id, { status: 'rejected', reason: 'Hours don’t match the event' });
    const correction = { hours: 2, date: '2025-03-02', description: 'Sorted cans, 2 hours only' };

    for (const as of [OTHER_STUDENT, SUPERVISOR, ADMIN]) {
      const refused = await request('PUT', `/api/service-hours/${id}`, { as, json: correction });
      expect(refused.status).toBe(403);
    }
    const invalid = await request('PUT', `/api/service-hours/${id}`, {
      as: STUDENT,
      json: { ...correction, description: 'short' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([expect.objectContaining({ path: 'description' })]);

    const resubmitted = await request('PUT', `/api/service-hours/${id}`, {
      as: STUDENT,
      json: correction,
    });
    expect(resubmitted.status).toBe(200);
    expect(resubmitted.body).toMatchObject({
      status: 'pending',
      hours: 2,
      date: '2025-03-02',
      description: 'Sorted cans, 2 hours only',
      approvedBy: null,
      rejectionReason: 'Hours don’t match the event',
    });
    // The three refusals above, then the success with the old figures and the reason.
    expect(await auditDetails('hours.resubmit', id)).toEqual([
      ...[1, 2, 3].map(() => expect.objectContaining({ outcome: 'failure', status: 403 })),
      expect.objectContaining({
        outcome: 'success',
        reason: 'Hours don’t match the event',
        from: { hours: 6, date: '2025-03-01' },
      }),
    ]);
    // Pending now: not again until rejected again.
    const again = await request('PUT', `/api/service-hours/${id}`, {
      as: STUDENT,
      json: correction,
    });
    expect(again.status).toBe(409);
    // The new review replaces the reason: an approval clears it.
    const approved = await setStatus(SUPERVISOR, id, { status: 'approved' });
    expect(approved.body).toMatchObject({ status: 'approved', rejectionReason: null });
    expect(
      (await request('PUT', '/api/service-hours/999999', { as: STUDENT, json: correction })).status,
    ).toBe(404);
  });
});
