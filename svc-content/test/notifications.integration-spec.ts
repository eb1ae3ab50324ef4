import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NotificationItem } from '@district/contracts';
import {
  ContentCluster,
  itemFor,
  opportunity,
  sleep,
  waitFor,
  type Instance,
} from './support/notification-fixtures';

// GET /api/notifications against real PostgreSQL and Redis: the feed fed by opportunity.created
// through the BullMQ consumer, and each user's cursor.
let cluster: ContentCluster;
let api: Instance;
let nextUser = 1000;
let nextOpportunity = 1;

const newUser = () => ({ id: nextUser++ });
const newOpportunity = (title?: string) => opportunity(nextOpportunity++, title ? { title } : {});
const withoutIds = (items: NotificationItem[]) => items.map(({ type, data }) => ({ type, data }));

beforeAll(async () => {
  cluster = await ContentCluster.create();
  api = await cluster.start();
});

afterAll(async () => {
  await cluster?.close();
});

describe('GET /api/notifications', () => {
  it('refuses a caller without the gateway identity', async () => {
    const response = await api.get('/api/notifications');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
  });

  it('turns an event delivered twice (and a second event for the same opportunity) into one item', async () => {
    const student = newUser();
    expect(await api.notifications(student)).toEqual([]);
    const payload = newOpportunity('Food drive at the parish hall');
    const eventId = await cluster.emitAndWait(payload);
    // The relay re-sends the same event (same id), and a duplicate row reaches us anyway.
    await cluster.emitAndWait(payload, { eventId });
    await cluster.emitAndWait(payload);

    const items = await api.notifications(student);
    expect(withoutIds(items)).toEqual([itemFor(payload)]);
    expect(items[0]!.id).toEqual(expect.any(Number));
    expect(await api.notifications(student)).toEqual([]);
    const [row] = (await cluster.db.query(
      `SELECT count(*)::int AS "n" FROM "notification_items" WHERE "opportunity_id" = $1`,
      [payload.id],
    )) as Array<{ n: number }>;
    expect(row!.n).toBe(1);
    expect((await cluster.jobCounts()).failed).toBe(0);
  });

  it('announces a weekly series once: the later dates (announce: false) add no item', async () => {
    const itemsBefore = await cluster.itemCount();
    await cluster.emitAndWait({ ...newOpportunity('Saturday tutoring, week 2'), announce: false });
    expect(await cluster.itemCount()).toBe(itemsBefore);
  });

  it('gives each of two users every item exactly once, in order', async () => {
    const maya = newUser();
    const leo = newUser();
    expect(await api.notifications(maya)).toEqual([]);
    expect(await api.notifications(leo)).toEqual([]);
    const first = newOpportunity('Tutoring at the library');
    const second = newOpportunity('Park clean-up');
    await cluster.emitAndWait(first);
    await cluster.emitAndWait(second);

    expect(withoutIds(await api.notifications(maya))).toEqual([itemFor(first), itemFor(second)]);
    expect(await api.notifications(maya)).toEqual([]);
    // Maya having read them changes nothing for Leo.
    expect(withoutIds(await api.notifications(leo))).toEqual([itemFor(first), itemFor(second)]);
    expect(await api.notifications(leo)).toEqual([]);

    const third = newOpportunity('Animal shelter morning');
    await cluster.emitAndWait(third);
    expect(withoutIds(await api.notifications(leo))).toEqual([itemFor(third)]);
    expect(withoutIds(await api.notifications(maya))).toEqual([itemFor(third)]);
  });

  it('hands an item to only one of many simultaneous requests of the same user (several tabs)', async () => {
    const student = newUser();
    await api.notifications(student);
    const payloads = [newOpportunity(), newOpportunity(), newOpportunity()];
    for (const payload of payloads) await cluster.emitAndWait(payload);

    const answers = await Promise.all(Array.from({ length: 12 }, () => api.notifications(student)));
    const received = answers.flat();
    expect(withoutIds(received)).toEqual(payloads.map(itemFor));
    expect(new Set(received.map((item) => item.id)).size).toBe(3);
  });

  it("starts a user's cursor at their first request: older items never reach them", async () => {
    const before = [newOpportunity(), newOpportunity()];
    for (const payload of before) await cluster.emitAndWait(payload);

    const newcomer = newUser();
    expect(await api.notifications(newcomer)).toEqual([]);
    expect(await api.notifications(newcomer)).toEqual([]);

    const after = newOpportunity('Blood drive');
    await cluster.emitAndWait(after);
    expect(withoutIds(await api.notifications(newcomer))).toEqual([itemFor(after)]);
  });

  it('skips items that waited too long (a user back after hours gets no storm), moving past them', async () => {
    const student = newUser();
    await api.notifications(student);
    const stale = newOpportunity('Posted while you were away');
    await cluster.emitAndWait(stale);
    await cluster.db.query(
      `UPDATE "notification_items" SET "created_at" = now() - interval '3 hours' WHERE "opportunity_id" = $1`,
      [stale.id],
    );
    const fresh = newOpportunity('Posted just now');
    await cluster.emitAndWait(fresh);

    expect(withoutIds(await api.notifications(student))).toEqual([itemFor(fresh)]);
    expect(await api.notifications(student)).toEqual([]);
  });

  it('keeps the items durable in PostgreSQL: a new instance serves what an old one stored', async () => {
    const student = newUser();
    await api.notifications(student);
    const payload = newOpportunity('Beach sweep');
    await cluster.emitAndWait(payload);
    const other = await cluster.start();
    try {
      expect(withoutIds(await other.notifications(student))).toEqual([itemFor(payload)]);
      expect(await api.notifications(student)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('consumer down, then up', () => {
  it('delivers an opportunity created while svc-content was stopped once it is back', async () => {
    const student = newUser();
    await api.notifications(student);
    const itemsBefore = await cluster.itemCount();

    await api.close();
    const payload = newOpportunity('Created while svc-content was down');
    const eventId = await cluster.emit(payload);
    await sleep(300);
    expect(await cluster.processed(eventId)).toBe(false);
    expect((await cluster.jobCounts()).waiting).toBeGreaterThanOrEqual(1);

    api = await cluster.start();
    await waitFor(() => cluster.processed(eventId), 'the waiting event to be consumed');
    expect(await cluster.itemCount()).toBe(itemsBefore + 1);
    expect(withoutIds(await api.notifications(student))).toEqual([itemFor(payload)]);
  });
});
