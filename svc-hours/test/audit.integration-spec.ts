import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API_MESSAGES } from '@district/contracts';
import { PUBLISHED_AUDIT_LOG } from '@district/service-kit/testing';
import { SELF_REVIEW_MESSAGE } from '../src/service-hours/service-hours.service';
import {
  ADMIN,
  logBody,
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

interface AuditRow {
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  outcome: string;
  detail: Record<string, unknown> | null;
}

// Issue 9: hour approvals and rejections are on record. Issue 16: as audit.recorded events in
// svc-hours' outbox, bound for svc-auth's merged trail.
describe('audit trail (svc-hours, real PostgreSQL and Redis)', () => {
  let hours: HoursService;
  let db: DataSource;
  let events: HoursEvents;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    hours.request<T>(method, path, options);

  const recordsFor = (id: number): Promise<AuditRow[]> =>
    db.query(
      `SELECT actor_id, action, target_type, target_id, outcome, detail FROM ${PUBLISHED_AUDIT_LOG}
        WHERE target_type = 'service-hours' AND target_id = $1 ORDER BY id`,
      [String(id)],
    );
  const stateOf = async (id: number) =>
    (
      (await db.query(`SELECT "status", "approved_by" FROM "service_hours_logs" WHERE "id" = $1`, [
        id,
      ])) as Array<{ status: string; approved_by: number | null }>
    )[0];
  // Events other than the audit records (a refusal still publishes its audit.recorded).
  const outboxCount = async () =>
    Number(
      (
        (await db.query(
          `SELECT count(*) AS n FROM "outbox" WHERE "type" <> 'audit.recorded'`,
        )) as Array<{ n: string }>
      )[0].n,
    );
  const logHours = async (as: Caller = STUDENT, hours = 1.5) =>
    (await request('POST', '/api/service-hours', { as, json: logBody({ hours }) })).body
      .id as number;
  const review = (as: Caller, id: number, status: string) =>
    request('PATCH', `/api/service-hours/${id}/status`, { as, json: { status } });

  beforeAll(async () => {
    hours = await startHoursService();
    ({ db, events } = hours);
    await events.registerUser({ id: STUDENT.id, name: 'Ada Student' });
    await events.registerUser({ id: SUPERVISOR.id, name: 'Sam Supervisor', isSupervisor: true });
  });

  afterAll(async () => {
    await hours?.close();
  });

  it('records an approval and a rejection once each, with actor, target and outcome', async () => {
    const approved = await logHours(STUDENT, 2.5);
    const rejected = await logHours(STUDENT, 1);
    expect((await review(SUPERVISOR, approved, 'approved')).status).toBe(200);
    expect((await review(SUPERVISOR, rejected, 'rejected')).status).toBe(200);
    expect(await recordsFor(approved)).toEqual([
      {
        actor_id: SUPERVISOR.id,
        action: 'hours.approve',
        target_type: 'service-hours',
        target_id: String(approved),
        outcome: 'success',
        detail: { userId: STUDENT.id, hours: 2.5, from: 'pending', to: 'approved' },
      },
    ]);
    expect(await recordsFor(rejected)).toEqual([
      expect.objectContaining({
        actor_id: SUPERVISOR.id,
        action: 'hours.reject',
        outcome: 'success',
      }),
    ]);
  });

  it('records refused reviews (409 already reviewed, 403 own entry, 404) as one failure each, changing nothing', async () => {
    const id = await logHours(STUDENT, 3);
    expect((await review(SUPERVISOR, id, 'approved')).status).toBe(200);
    const events = await outboxCount();
    expect((await review(ADMIN, id, 'rejected')).status).toBe(409);
    expect(await stateOf(id)).toEqual({ status: 'approved', approved_by: SUPERVISOR.id });
    expect(await outboxCount()).toBe(events);
    expect(await recordsFor(id)).toEqual([
      expect.objectContaining({ action: 'hours.approve', outcome: 'success' }),
      {
        actor_id: ADMIN.id,
        action: 'hours.reject',
        target_type: 'service-hours',
        target_id: String(id),
        outcome: 'failure',
        detail: {
          reason: `${API_MESSAGES.onlyPending}: this entry is already approved`,
          status: 409,
        },
      },
    ]);

    const own = await logHours(SUPERVISOR, 1);
    expect((await review(SUPERVISOR, own, 'approved')).status).toBe(403);
    expect(await stateOf(own)).toEqual({ status: 'pending', approved_by: null });
    expect(await recordsFor(own)).toEqual([
      expect.objectContaining({
        actor_id: SUPERVISOR.id,
        action: 'hours.approve',
        outcome: 'failure',
        detail: { reason: SELF_REVIEW_MESSAGE, status: 403 },
      }),
    ]);

    expect((await review(SUPERVISOR, 999999, 'approved')).status).toBe(404);
    expect(await recordsFor(999999)).toEqual([
      expect.objectContaining({
        action: 'hours.approve',
        outcome: 'failure',
        detail: { reason: API_MESSAGES.serviceHoursNotFound, status: 404 },
      }),
    ]);
  });

  it('records nothing for a student refused at the door (403 by role)', async () => {
    const id = await logHours(STUDENT, 1);
    expect((await review(STUDENT, id, 'approved')).status).toBe(403);
    expect(await recordsFor(id)).toEqual([]);
    expect(await stateOf(id)).toEqual({ status: 'pending', approved_by: null });
  });

  it('names svc-hours as the source of its records', async () => {
    const rows = (await db.query(
      `SELECT DISTINCT payload->>'service' AS service FROM outbox WHERE type = 'audit.recorded'`,
    )) as Array<{ service: string }>;
    expect(rows).toEqual([{ service: 'svc-hours' }]);
  });
});
