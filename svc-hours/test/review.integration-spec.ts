import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ADMIN,
  logBody,
  STUDENT,
  SUPERVISOR,
  waitFor,
  type HoursEvents,
  type Json,
  type RequestOptions,
  startHoursService,
  type HoursService,
} from './support/hours-fixtures';
import type { DataSource } from 'typeorm';

interface OutboxRow {
  type: string;
  payload: { logId: number; userId: number; hours: number };
  published_at: Date | null;
}

// The single transition from pending and the hours.approved event that rides with an approval.
describe('reviewing service hours', () => {
  let hours: HoursService;
  let db: DataSource;
  let events: HoursEvents;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    hours.request<T>(method, path, options);

  // hours.approved rows; the audit.recorded ones each review also writes are audit.integration-spec's.
  const outbox = (): Promise<OutboxRow[]> =>
    db.query(
      `SELECT "type", "payload", "published_at" FROM "outbox"
        WHERE "type" <> 'audit.recorded' ORDER BY "seq"`,
    );
  const logHours = async (hours = 1.5) =>
    (await request('POST', '/api/service-hours', { as: STUDENT, json: logBody({ hours }) })).body
      .id as number;
  const review = (as: typeof SUPERVISOR, id: number, status: string) =>
    request('PATCH', `/api/service-hours/${id}/status`, { as, json: { status } });

  beforeAll(async () => {
    hours = await startHoursService();
    ({ db, events } = hours);
    await events.registerUser({ id: STUDENT.id, name: 'Ada Student' });
  });

  afterAll(async () => {
    await hours?.close();
  });

  it('writes hours.approved on approval and the relay hands it to svc-auth’s queue', async () => {
    const id = await logHours(2.5);
    expect(await outbox()).toEqual([]);
    expect((await review(SUPERVISOR, id, 'approved')).status).toBe(200);

    const rows = await outbox();
    expect(rows.map((r) => [r.type, r.payload])).toEqual([
      ['hours.approved', { logId: id, userId: STUDENT.id, hours: 2.5 }],
    ]);
    const relayed = await waitFor(async () => {
      const queued = (await events.queuedEvents('svc-auth')).filter(
        (e) => e.type === 'hours.approved',
      );
      return queued.length > 0 && queued;
    }, 'hours.approved on events-svc-auth');
    expect(relayed).toEqual([
      {
        id: expect.any(String),
        type: 'hours.approved',
        payload: { logId: id, userId: STUDENT.id, hours: 2.5 },
        occurredAt: expect.any(String),
        // The approving request's trace travels with the event (issue 21).
        traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/),
      },
    ]);
    await waitFor(
      async () => (await outbox())[0].published_at !== null,
      'outbox row marked published',
    );
  });

  it('writes no event on rejection, on a refused review or on logging', async () => {
    const before = (await outbox()).length;
    const id = await logHours();
    expect((await review(ADMIN, id, 'rejected')).status).toBe(200);
    expect((await review(SUPERVISOR, id, 'approved')).status).toBe(409);
    expect((await review(STUDENT, id, 'approved')).status).toBe(403);
    expect((await outbox()).length).toBe(before);
  });

  it('lets exactly one of a concurrent approve and reject win, with one event per approval', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) ids.push(await logHours(0.5 + (i % 4) * 0.5));
    const before = (await outbox()).length;

    const results = await Promise.all(
      ids.map(async (id) => {
        const [approve, reject] = await Promise.all([
          review(SUPERVISOR, id, 'approved'),
          review(ADMIN, id, 'rejected'),
        ]);
        return { id, approve, reject };
      }),
    );

    let approvals = 0;
    for (const { id, approve, reject } of results) {
      expect([approve.status, reject.status].sort()).toEqual([200, 409]);
      const winner = approve.status === 200 ? approve : reject;
      const loser = approve.status === 200 ? reject : approve;
      expect(loser.body.message).toBe(
        `Only pending items can be reviewed: this entry is already ${winner.body.status}`,
      );
      const [row] = await db.query(
        `SELECT "status", "approved_by" FROM "service_hours_logs" WHERE "id" = $1`,
        [id],
      );
      expect(row.status).toBe(winner.body.status);
      expect(row.approved_by).toBe(winner === approve ? SUPERVISOR.id : ADMIN.id);
      if (winner === approve) approvals += 1;
    }

    const events = (await outbox()).slice(before);
    expect(events.length).toBe(approvals);
    const approvedIds = results.filter((r) => r.approve.status === 200).map((r) => r.id);
    expect(events.map((e) => e.payload.logId).sort((a, b) => a - b)).toEqual(
      approvedIds.sort((a, b) => a - b),
    );
  });

  it('lets exactly one of two concurrent approvals win, so the hours are credited once', async () => {
    const id = await logHours(4);
    const before = (await outbox()).length;
    const answers = await Promise.all([
      review(SUPERVISOR, id, 'approved'),
      review(ADMIN, id, 'approved'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await outbox()).slice(before).map((e) => e.payload)).toEqual([
      { logId: id, userId: STUDENT.id, hours: 4 },
    ]);
  });
});
