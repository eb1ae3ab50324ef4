import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AttendanceRecordedPayload } from '@district/contracts';
import { eventProcessed } from '@district/service-kit/testing';
import {
  ADMIN,
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

// Issue 18: attendance.recorded from svc-volunteer becomes one approved entry per (user,
// opportunity) with the event's title; attended false takes it away again.
describe('attendance becomes service hours (attendance.recorded)', () => {
  let hours: HoursService;
  let db: DataSource;
  let events: HoursEvents;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    hours.request<T>(method, path, options);
  let nextOpportunity = 500;

  const attendance = (
    overrides: Partial<AttendanceRecordedPayload> & { userId: number },
  ): AttendanceRecordedPayload => ({
    opportunityId: nextOpportunity,
    title: 'Park clean-up',
    startsAt: '2026-03-14T15:00:00.000Z',
    endsAt: '2026-03-14T17:30:00.000Z',
    hours: 2.5,
    attended: true,
    recordedBy: ADMIN.id,
    method: 'roster',
    ...overrides,
  });
  const deliver = async (payload: AttendanceRecordedPayload) => {
    const id = await events.publish('attendance.recorded', payload);
    await waitFor(() => eventProcessed(db, id), 'attendance.recorded processed');
  };
  const ownEntries = async (userId: number) =>
    (await request('GET', '/api/service-hours', { as: { id: userId } })).body as Array<
      Record<string, unknown>
    >;
  const outbox = async (type: string): Promise<Array<Record<string, unknown>>> =>
    (
      (await db.query(`SELECT "payload" FROM "outbox" WHERE "type" = $1 ORDER BY "seq"`, [
        type,
      ])) as Array<{ payload: Record<string, unknown> }>
    ).map((row) => row.payload);

  beforeAll(async () => {
    hours = await startHoursService();
    ({ db, events } = hours);
    for (const id of [11, 12, 13, 14, 15]) await events.registerUser({ id, name: `Student ${id}` });
  });

  afterAll(async () => {
    await hours?.close();
  });

  it('creates one approved entry with the event title and duration, approved by the admin', async () => {
    nextOpportunity++;
    await deliver(attendance({ userId: 11 }));
    const entries = await ownEntries(11);
    expect(entries).toEqual([
      expect.objectContaining({
        opportunityId: nextOpportunity,
        description: 'Park clean-up',
        hours: 2.5,
        date: '2026-03-14',
        status: 'approved',
        approvedBy: ADMIN.id,
        source: 'roster',
        possibleDuplicateOf: null,
      }),
    ]);
    expect(await outbox('hours.approved')).toContainEqual({
      logId: entries[0].id,
      userId: 11,
      hours: 2.5,
    });
  });

  it('never creates it twice, however often the attendance arrives', async () => {
    nextOpportunity++;
    const approvalsBefore = (await outbox('hours.approved')).length;
    const payload = attendance({ userId: 12 });
    await Promise.all([deliver(payload), deliver(payload)]);
    await deliver({ ...payload, method: 'check-in', recordedBy: null });
    expect(await ownEntries(12)).toHaveLength(1);
    expect((await outbox('hours.approved')).length).toBe(approvalsBefore + 1);
  });

  it('keeps a self check-in apart: no approver, source check-in', async () => {
    nextOpportunity++;
    await deliver(attendance({ userId: 13, method: 'check-in', recordedBy: null }));
    expect(await ownEntries(13)).toEqual([
      expect.objectContaining({ status: 'approved', approvedBy: null, source: 'check-in' }),
    ]);
  });

  it('undoes the entry and its credit when the student is marked absent later', async () => {
    nextOpportunity++;
    await deliver(attendance({ userId: 14 }));
    const [entry] = await ownEntries(14);
    await deliver(attendance({ userId: 14, attended: false }));
    expect(await ownEntries(14)).toEqual([]);
    expect(await outbox('hours.revoked')).toContainEqual({ logId: entry.id, userId: 14 });
    // Absent with nothing to undo changes nothing.
    const revokedBefore = (await outbox('hours.revoked')).length;
    await deliver(attendance({ userId: 14, attended: false }));
    expect((await outbox('hours.revoked')).length).toBe(revokedBefore);
    // Attended again: a fresh approved entry.
    await deliver(attendance({ userId: 14 }));
    expect(await ownEntries(14)).toEqual([expect.objectContaining({ status: 'approved' })]);
  });

  it('flags a hand-logged entry of the same day as a possible duplicate for the supervisor', async () => {
    nextOpportunity++;
    await deliver(attendance({ userId: 15 }));
    const [generated] = await ownEntries(15);
    const sameDay = (
      await request('POST', '/api/service-hours', {
        as: { id: 15 },
        json: logBody({ date: '2026-03-14', description: 'Cleaned up the park with the club' }),
      })
    ).body;
    const otherDay = (
      await request('POST', '/api/service-hours', {
        as: { id: 15 },
        json: logBody({ date: '2026-03-13', description: 'Cleaned up the park with the club' }),
      })
    ).body;
    // Both opportunities exist in svc-hours' replica (svc-volunteer's events, issue 29).
    await events.opportunityEvent('opportunity.created', nextOpportunity);
    await events.opportunityEvent('opportunity.created', 1);
    // Naming the same opportunity: a duplicate whatever the day; naming another one: not.
    const sameEvent = (
      await request('POST', '/api/service-hours', {
        as: { id: 15 },
        json: logBody({
          date: '2026-03-10',
          opportunityId: nextOpportunity,
          description: 'Park clean-up with the club',
        }),
      })
    ).body;
    const otherEvent = (
      await request('POST', '/api/service-hours', {
        as: { id: 15 },
        json: logBody({ date: '2026-03-14', opportunityId: 1, description: 'Food drive sorting' }),
      })
    ).body;
    expect(sameEvent.possibleDuplicateOf).toBe(generated.id);
    expect(otherEvent.possibleDuplicateOf).toBeNull();
    expect(sameDay.possibleDuplicateOf).toBe(generated.id);
    const pending = (await request('GET', '/api/service-hours?status=pending', { as: SUPERVISOR }))
      .body as Array<{ id: number; possibleDuplicateOf: number | null }>;
    expect(pending.find((e) => e.id === sameDay.id)?.possibleDuplicateOf).toBe(generated.id);
    expect(pending.find((e) => e.id === otherDay.id)?.possibleDuplicateOf).toBeNull();
    // The generated entry itself is never the duplicate.
    expect(generated.possibleDuplicateOf).toBeNull();
  });
});
