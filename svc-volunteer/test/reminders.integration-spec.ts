import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { NotificationRequestedPayload, Opportunity } from '@district/contracts';
import { createTestDatabase, testRedisPrefix, testRedisUrl } from '@district/service-kit/testing';
import { reminderJobId } from '../src/reminders/reminder-plan';
import { RemindersProcessor } from '../src/reminders/reminders.processor';
import {
  REMINDERS_QUEUE,
  REMINDER_JOB,
  RemindersService,
} from '../src/reminders/reminders.service';
import {
  admin,
  opportunityBody,
  otherStudent,
  startVolunteerService,
  student,
  waitFor,
  type TestUser,
  type VolunteerService,
} from './support/volunteer-fixtures';

// Lead times in seconds instead of a day: the e-mail 3 s before the start, the toast 1.5 s before
// (REMINDER_TODAY_AT 00:00 is always past on the event's day, so the "signed up later" rule
// applies). The sweep is slow unless a test says otherwise.
const FAST = {
  REMINDER_DAY_BEFORE_MS: 3_000,
  REMINDER_TODAY_AT: '00:00',
  REMINDER_TODAY_LEAD_MS: 1_500,
  REMINDER_SWEEP_INTERVAL_MS: 3_600_000,
};

interface Sent {
  payload: NotificationRequestedPayload;
  createdAt: Date;
}

describe('reminders before events (BullMQ delayed jobs, real PostgreSQL and Redis)', () => {
  const db = createTestDatabase('volunteer_reminders');
  const prefix = testRedisPrefix('reminders');
  let replicas: VolunteerService[] = [];
  let app: VolunteerService;
  let redis: Redis;
  let queue: Queue;

  beforeAll(async () => {
    const database = await db;
    // Two replicas on one database and one BullMQ prefix, as in production: both run the worker.
    replicas = [
      await startVolunteerService({ database, prefix, config: FAST }),
      await startVolunteerService({ database, prefix, config: FAST }),
    ];
    app = replicas[0]!;
    await app.events.registerUsers(admin, student, otherStudent);
    redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    queue = new Queue(REMINDERS_QUEUE, { connection: redis, prefix });
  });

  afterAll(async () => {
    await queue?.close();
    redis?.disconnect();
    for (const replica of replicas) await replica.close();
    await (await db).drop();
  });

  async function createEvent(startsInMs: number, title = 'Beach Cleanup'): Promise<Opportunity> {
    const created = await app.request<Opportunity>('POST', '/api/opportunities', {
      as: admin,
      json: opportunityBody({
        title,
        date: new Date(Date.now() + startsInMs).toISOString(),
        spaces: 50,
      }),
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  async function signUp(opportunityId: number, user: TestUser): Promise<number> {
    const response = await app.request('POST', `/api/opportunities/${opportunityId}/signup`, {
      as: user,
    });
    expect(response.status).toBe(201);
    const [row] = await app.sql<{ id: number }>(
      `SELECT id FROM signups WHERE opportunity_id = $1 AND user_id = $2`,
      [opportunityId, user.id],
    );
    return row!.id;
  }

  async function remindersFor(opportunityId: number): Promise<Sent[]> {
    const rows = await app.sql<{ payload: NotificationRequestedPayload; created_at: Date }>(
      `SELECT payload, created_at FROM outbox WHERE type = 'notification.requested'
        AND (payload->>'opportunityId')::int = $1 ORDER BY seq`,
      [opportunityId],
    );
    return rows.map((row) => ({ payload: row.payload, createdAt: row.created_at }));
  }

  async function dueAt(jobId: string): Promise<number | undefined> {
    const job = await queue.getJob(jobId);
    return job ? job.timestamp + (job.opts.delay ?? 0) : undefined;
  }

  it('a sign-up schedules the day-before e-mail and the on-the-day toast, each sent once on time', async () => {
    const event = await createEvent(6_000, 'River Road Cleanup');
    const start = new Date(event.date).getTime();
    const signupId = await signUp(event.id, student);

    expect(await dueAt(reminderJobId('day-before', signupId))).toBeCloseTo(start - 3_000, -2);
    expect(await dueAt(reminderJobId('today', signupId))).toBeCloseTo(start - 1_500, -2);
    expect(await remindersFor(event.id)).toEqual([]);

    await waitFor(
      async () => (await remindersFor(event.id)).length === 2,
      'both reminders were not sent',
      15_000,
    );
    const [dayBefore, today] = await remindersFor(event.id);
    expect(dayBefore!.payload).toMatchObject({
      userIds: [student.id],
      kind: 'reminder.day-before',
      title: 'Tomorrow: River Road Cleanup',
      path: '/volunteer',
      opportunityId: event.id,
      email: true,
    });
    expect(dayBefore!.payload.body).toContain('River Road Cleanup starts on');
    // Issue 22: the catalogue entry each reader renders in their language.
    expect(dayBefore!.payload.message).toEqual({
      key: 'reminderDayBefore',
      values: {
        title: 'River Road Cleanup',
        location: event.location,
        startsAt: new Date(event.date).toISOString(),
        timeZone: expect.any(String),
      },
    });
    expect(dayBefore!.createdAt.getTime()).toBeGreaterThanOrEqual(start - 3_000 - 1_000);
    expect(today!.payload).toMatchObject({
      kind: 'reminder.today',
      title: 'Today: River Road Cleanup',
      email: false,
    });
    expect(today!.createdAt.getTime()).toBeGreaterThanOrEqual(start - 1_500 - 1_000);
    expect(today!.createdAt.getTime()).toBeLessThan(start);
  });

  it('a sign-up after the day-before time gets no e-mail, only the toast', async () => {
    const event = await createEvent(2_500);
    await signUp(event.id, student);
    await waitFor(
      async () => (await remindersFor(event.id)).length === 1,
      'the reminders to be sent',
      10_000,
    );
    // Past the start: nothing more comes.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await remindersFor(event.id)).map((sent) => sent.payload.kind)).toEqual([
      'reminder.today',
    ]);
  });

  it('withdrawing cancels the reminders', async () => {
    const event = await createEvent(5_000);
    const signupId = await signUp(event.id, otherStudent);
    expect(await dueAt(reminderJobId('day-before', signupId))).toBeDefined();

    const withdrawn = await app.request('DELETE', `/api/opportunities/${event.id}/signup`, {
      as: otherStudent,
    });
    expect(withdrawn.status).toBe(200);
    expect(await queue.getJob(reminderJobId('day-before', signupId))).toBeUndefined();
    expect(await queue.getJob(reminderJobId('today', signupId))).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(await remindersFor(event.id)).toEqual([]);
  });

  it('a job that outlives its sign-up (deleted account) sends nothing', async () => {
    const event = await createEvent(6_000);
    const signupId = await signUp(event.id, otherStudent);
    // What deleting the account does to the sign-ups, without touching the jobs.
    await app.sql(`DELETE FROM signups WHERE id = $1`, [signupId]);
    expect(await queue.getJob(reminderJobId('day-before', signupId))).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(await remindersFor(event.id)).toEqual([]);
  });

  it('moving the event moves the reminders (rescheduleOpportunity), and a job left behind waits', async () => {
    const event = await createEvent(4_000, 'Food Bank Shift');
    const signupId = await signUp(event.id, student);
    const later = Date.now() + 9_000;
    await app.sql(`UPDATE opportunities SET date = $2, ends_at = $3 WHERE id = $1`, [
      event.id,
      new Date(later),
      new Date(later + 7_200_000),
    ]);
    await app.service.app.get(RemindersService).rescheduleOpportunity(event.id);
    expect(await dueAt(reminderJobId('day-before', signupId))).toBeCloseTo(later - 3_000, -2);
    expect(await dueAt(reminderJobId('today', signupId))).toBeCloseTo(later - 1_500, -2);

    // The old due times pass quietly.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await remindersFor(event.id)).toEqual([]);
    await waitFor(
      async () => (await remindersFor(event.id)).length === 2,
      'the reminders to be sent',
      10_000,
    );
    const sent = await remindersFor(event.id);
    expect(sent[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(later - 3_000 - 1_000);

    // Moved again without anyone moving the jobs: the job that fires early waits for the new time.
    const event2 = await createEvent(3_500);
    const signup2 = await signUp(event2.id, student);
    const muchLater = Date.now() + 8_000;
    await app.sql(`UPDATE opportunities SET date = $2, ends_at = $3 WHERE id = $1`, [
      event2.id,
      new Date(muchLater),
      new Date(muchLater + 7_200_000),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await remindersFor(event2.id)).toEqual([]);
    expect(await queue.getJobState(reminderJobId('day-before', signup2))).toBe('delayed');
    await waitFor(
      async () => (await remindersFor(event2.id)).length === 2,
      'the reminders to be sent',
      10_000,
    );
    const sent2 = await remindersFor(event2.id);
    expect(sent2[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(muchLater - 3_000 - 1_000);
  });

  it('sends each reminder exactly once with two replicas scheduling and working the same jobs', async () => {
    const students: TestUser[] = Array.from({ length: 20 }, (_, i) => ({
      id: 100 + i,
      name: `Student ${i}`,
    }));
    await app.events.registerUsers(...students);
    const event = await createEvent(8_000);
    const signupIds: number[] = [];
    for (const user of students) signupIds.push(await signUp(event.id, user));
    // The second replica schedules the same sign-ups again (as the sweep or a retry would).
    const other = replicas[1]!.service.app.get(RemindersService);
    for (const signupId of signupIds) await other.scheduleFor({ signupId });

    await waitFor(
      async () => (await remindersFor(event.id)).length >= 40,
      'not every reminder was sent',
      15_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const sent = await remindersFor(event.id);
    expect(sent).toHaveLength(40);
    const keys = sent.map((s) => `${s.payload.userIds[0]}-${s.payload.kind}`);
    expect(new Set(keys).size).toBe(40);
  });

  it('a job redelivered after a crash (its send already committed) sends nothing again', async () => {
    const event = await createEvent(2_500);
    const signupId = await signUp(event.id, otherStudent);
    await waitFor(
      async () => (await remindersFor(event.id)).length === 1,
      'the reminders to be sent',
      10_000,
    );
    // The worker died after its transaction committed and before BullMQ heard: the same job
    // comes again (here under another id, since a completed one is removed).
    await queue.add(
      REMINDER_JOB,
      { signupId, kind: 'today' },
      { jobId: `redelivered-${signupId}` },
    );
    await waitFor(
      async () => (await queue.getJob(`redelivered-${signupId}`))?.returnvalue === 'duplicate',
      'the redelivered job did not find the reminder already sent',
      5_000,
    );
    expect(await remindersFor(event.id)).toHaveLength(1);
  });

  it('a worker that dies after committing the send: BullMQ redelivers the job, nothing is sent twice', async () => {
    const processors = replicas.map((replica) => replica.service.app.get(RemindersProcessor));
    const reminders = app.service.app.get(RemindersService);
    const connection = { url: testRedisUrl(), maxRetriesPerRequest: null };
    // Only the workers of this test take jobs now.
    for (const processor of processors) await processor.worker.pause(true);
    let dying: Worker | undefined;
    let rescuer: Worker | undefined;
    try {
      // The e-mail falls due in 9 s; the start leaves 3 s for the redelivery.
      const event = await createEvent(12_000);
      const signupId = await signUp(event.id, student);
      const jobId = reminderJobId('day-before', signupId);

      // Sends (the transaction commits), then dies before telling BullMQ.
      let died!: () => void;
      const hasDied = new Promise<void>((resolve) => (died = resolve));
      dying = new Worker(
        REMINDERS_QUEUE,
        async (job: Job) => {
          if (job.id !== jobId) return new Promise(() => undefined);
          expect(await reminders.deliver(job.data.signupId, job.data.kind)).toBe('sent');
          died();
          return new Promise(() => undefined);
        },
        { connection, prefix, lockDuration: 1_000 },
      );
      await hasDied;
      await dying.close(true);
      expect(await remindersFor(event.id)).toHaveLength(1);

      // Another replica's stalled check finds the job whose lock expired and runs it again.
      const outcomes = new Map<string, unknown>();
      rescuer = new Worker(
        REMINDERS_QUEUE,
        async (job: Job) => reminders.deliver(job.data.signupId, job.data.kind),
        { connection, prefix, lockDuration: 1_000, stalledInterval: 300 },
      );
      rescuer.on('completed', (job, result) => outcomes.set(job.id!, result));
      // BullMQ runs the stalled check at most once per stalled interval across all workers of the
      // queue (a key with that TTL), and the replicas' interval is 30 s: dropping the key stands
      // for those 30 s passing.
      const stalledCheckKey = `${prefix}:${REMINDERS_QUEUE}:stalled-check`;
      await waitFor(
        async () => (await redis.del(stalledCheckKey)) >= 0 && outcomes.has(jobId),
        'the job of the dead worker was not redelivered',
        10_000,
      );
      expect(outcomes.get(jobId)).toBe('duplicate');
      expect(
        (await remindersFor(event.id)).filter(
          (sent) => sent.payload.kind === 'reminder.day-before',
        ),
      ).toHaveLength(1);
    } finally {
      await dying?.close(true);
      await rescuer?.close();
      for (const processor of processors) processor.worker.resume();
    }
  });

  it('the sweep queues reminders whose job was lost between the commit and the queue', async () => {
    const event = await createEvent(5_000);
    const signupId = await signUp(event.id, otherStudent);
    // The process died before adding the jobs.
    await queue.remove(reminderJobId('day-before', signupId));
    await queue.remove(reminderJobId('today', signupId));
    expect(await app.service.app.get(RemindersService).sweep()).toBeGreaterThanOrEqual(2);
    expect(await dueAt(reminderJobId('day-before', signupId))).toBeCloseTo(
      new Date(event.date).getTime() - 3_000,
      -2,
    );
    await waitFor(
      async () => (await remindersFor(event.id)).length === 2,
      'the reminders to be sent',
      10_000,
    );
  });
});
