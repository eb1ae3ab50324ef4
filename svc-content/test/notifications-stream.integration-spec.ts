import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { eventQueueName, type NotificationItem } from '@district/contracts';
import {
  addOutboxEvent,
  createDataSource,
  OutboxRelay,
  runMigrations,
  withTransaction,
} from '@district/service-kit';
import { testRedisUrl } from '@district/service-kit/testing';
import type { DataSource } from 'typeorm';
import { SERVICE } from '../src/app.module';
import { STREAM_MAX_AGE_MS } from '../src/notifications/notification-streams.service';
import {
  ContentCluster,
  CuttableProxy,
  itemFor,
  opportunity,
  sleep,
  waitFor,
  type SseClient,
} from './support/notification-fixtures';

// The push channel: GET /api/notifications/stream on several svc-content instances sharing one
// database and Redis, as behind the gateway.
let cluster: ContentCluster;
let nextUser = 5000;
let nextOpportunity = 500;
const clients: SseClient[] = [];

const newUser = () => ({ id: nextUser++ });
const newOpportunity = (title?: string) => opportunity(nextOpportunity++, title ? { title } : {});
const withoutIds = (items: NotificationItem[]) => items.map(({ type, data }) => ({ type, data }));
const track = (client: SseClient) => (clients.push(client), client);

beforeAll(async () => {
  cluster = await ContentCluster.create();
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await cluster?.close();
});

describe('GET /api/notifications/stream', () => {
  it('refuses a caller without the gateway identity', async () => {
    const instance = await cluster.start();
    try {
      const client = track(await instance.stream());
      expect(client.status).toBe(401);
    } finally {
      await instance.close();
    }
  });

  it('pushes to a client on instance A an item whose event instance B consumed', async () => {
    const a = await cluster.start({ consumer: false });
    const b = await cluster.start();
    try {
      const student = newUser();
      // An item that existed before the student's first visit is never sent.
      await cluster.emitAndWait(newOpportunity('Before the first visit'));
      const client = track(await a.stream(student));
      expect(client.status).toBe(200);
      await waitFor(() => a.streams.size === 1, 'the stream to be registered');

      const payload = newOpportunity('River road litter pick');
      const started = Date.now();
      await cluster.emit(payload);
      await waitFor(() => client.items.length > 0, 'the pushed item', 5_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(withoutIds(client.items)).toEqual([itemFor(payload)]);
      expect(client.items[0]!.id).toEqual(expect.any(Number));
      // Pushed means taken: polling (on either instance) does not repeat it.
      expect(await b.notifications(student)).toEqual([]);
      expect(await a.notifications(student)).toEqual([]);
      await sleep(200);
      expect(client.items).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('sends on connect only what the user has not had yet, then nothing old', async () => {
    const instance = await cluster.start();
    try {
      const student = newUser();
      await instance.notifications(student);
      const polled = newOpportunity('Already polled');
      await cluster.emitAndWait(polled);
      expect(withoutIds(await instance.notifications(student))).toEqual([itemFor(polled)]);
      const missed = newOpportunity('Posted between two polls');
      await cluster.emitAndWait(missed);

      const client = track(await instance.stream(student));
      await waitFor(() => client.items.length > 0, 'the missed item');
      expect(withoutIds(client.items)).toEqual([itemFor(missed)]);
      client.close();

      // Reconnecting sends nothing again.
      const again = track(await instance.stream(student));
      await sleep(300);
      expect(again.items).toEqual([]);
    } finally {
      await instance.close();
    }
  });

  it('delivers an item once per user when the user has streams on two instances', async () => {
    const a = await cluster.start();
    const b = await cluster.start();
    try {
      const student = newUser();
      const other = newUser();
      const onA = track(await a.stream(student));
      const onB = track(await b.stream(student));
      const otherOnB = track(await b.stream(other));
      const payloads = [newOpportunity(), newOpportunity(), newOpportunity()];
      for (const payload of payloads) await cluster.emit(payload);

      await waitFor(() => otherOnB.items.length === 3, 'the other user to get all three');
      await waitFor(
        () => onA.items.length + onB.items.length === 3,
        'the student to get all three',
      );
      await sleep(300);
      // Two consumers may store them in either order; each arrives exactly once.
      const byTitle = (items: NotificationItem[]) =>
        withoutIds(items).sort((x, y) => x.data.title.localeCompare(y.data.title));
      expect(byTitle([...onA.items, ...onB.items])).toEqual(byTitle(payloads.map(itemFor)));
      expect(byTitle(otherOnB.items)).toEqual(byTitle(payloads.map(itemFor)));
      expect(await a.notifications(student)).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('forgets a stream as soon as the client goes away', async () => {
    const instance = await cluster.start();
    try {
      const student = newUser();
      const first = track(await instance.stream(student));
      const second = track(await instance.stream(student));
      await waitFor(() => instance.streams.size === 2, 'two streams');
      first.close();
      await waitFor(() => instance.streams.size === 1, 'one stream left');
      second.close();
      await waitFor(() => instance.streams.size === 0, 'no stream left');
      // Items for a user with no stream wait for their next poll.
      const payload = newOpportunity('After the tab closed');
      await cluster.emitAndWait(payload);
      expect(withoutIds(await instance.notifications(student))).toEqual([itemFor(payload)]);
    } finally {
      await instance.close();
    }
  });

  it('sends heartbeat comments and closes a stream past its age (the browser reconnects)', async () => {
    const instance = await cluster.start();
    try {
      const client = track(await instance.stream(newUser()));
      await instance.streams.beat();
      await waitFor(() => client.comments.includes('heartbeat'), 'a heartbeat');
      expect(client.ended).toBe(false);
      await instance.streams.beat(Date.now() + 2 * STREAM_MAX_AGE_MS);
      await waitFor(() => client.ended, 'the old stream to be closed');
      expect(instance.streams.size).toBe(0);
    } finally {
      await instance.close();
    }
  });

  it('pushes an item whose Redis signal was lost at the next heartbeat', async () => {
    const instance = await cluster.start();
    try {
      const client = track(await instance.stream(newUser()));
      // Stored without any announcement, as if the publish had been lost with Redis.
      await cluster.db.query(
        `INSERT INTO "notification_items" ("type", "title", "location", "opportunity_id")
       VALUES ('new_opportunity', 'Signal lost', 'Harahan', 999001)`,
      );
      await sleep(300);
      expect(client.items).toEqual([]);
      await instance.streams.beat();
      await waitFor(() => client.items.length === 1, 'the item at the heartbeat');
      expect(withoutIds(client.items)).toEqual([
        {
          type: 'new_opportunity',
          data: { title: 'Signal lost', location: 'Harahan', opportunityId: 999001 },
        },
      ]);
    } finally {
      await instance.close();
    }
  });

  it('ends its streams when the instance shuts down, so the browser reconnects elsewhere', async () => {
    const instance = await cluster.start();
    const client = track(await instance.stream(newUser()));
    await instance.close();
    await waitFor(() => client.ended, 'the stream to end');
  });
});

describe('Redis restart between the outbox write and delivery', () => {
  let producer: DataSource;
  let relay: OutboxRelay | undefined;
  let closeQueue: (() => Promise<void>) | undefined;
  let proxy: CuttableProxy;

  beforeAll(async () => {
    const { hostname, port } = new URL(testRedisUrl());
    proxy = new CuttableProxy(hostname, Number(port || 6379));
    await proxy.open();
    // svc-volunteer's side: its outbox (in its own schema) and the kit's relay.
    producer = createDataSource({ url: cluster.database.url, schema: 'volunteer' });
    await producer.initialize();
    await runMigrations(producer);
  });

  afterAll(async () => {
    await relay?.stop();
    await closeQueue?.();
    await producer?.destroy();
    await proxy?.cut();
  });

  const createOpportunity = (payload: ReturnType<typeof opportunity>) =>
    withTransaction(producer, (manager) => addOutboxEvent(manager, 'opportunity.created', payload));
  const unpublished = async () =>
    (
      (await producer.query(
        `SELECT count(*)::int AS "n" FROM "outbox" WHERE "published_at" IS NULL`,
      )) as Array<{ n: number }>
    )[0]!.n;

  it('re-sends from the outbox once Redis is back; the open stream and polling both see it once', async () => {
    // Everything reaches Redis through the proxy: cutting it is a Redis restart for all.
    const queue = new Queue(eventQueueName(SERVICE), {
      connection: { url: proxy.url },
      prefix: cluster.prefix,
    });
    relay = new OutboxRelay(producer, new Map([[SERVICE, queue]]), {
      // Only the route under test (svc-hours hears of opportunities too, issue 29).
      routing: { 'opportunity.created': [SERVICE] },
      pollIntervalMs: 100,
      publishTimeoutMs: 1_000,
    });
    closeQueue = () => queue.close();
    await relay.start();
    const instance = await cluster.start({ redisUrl: proxy.url });
    try {
      const streamer = newUser();
      const poller = newUser();
      await instance.notifications(poller);
      const client = track(await instance.stream(streamer));

      const before = newOpportunity('Before the restart');
      await createOpportunity(before);
      await waitFor(() => client.items.length === 1, 'delivery before the restart');

      await proxy.cut();
      const during = newOpportunity('Created while Redis was down');
      await createOpportunity(during);
      await sleep(1_500);
      // Not lost, not marked published: still waiting in the outbox.
      expect(await unpublished()).toBe(1);
      expect(client.items).toHaveLength(1);

      await proxy.open();
      await waitFor(() => client.items.length === 2, 'push after the restart', 30_000);
      expect(withoutIds(client.items)).toEqual([itemFor(before), itemFor(during)]);
      expect(await unpublished()).toBe(0);
      expect(withoutIds(await instance.notifications(poller))).toEqual([
        itemFor(before),
        itemFor(during),
      ]);
      expect(await instance.notifications(streamer)).toEqual([]);
    } finally {
      await instance.close();
    }
  });
});
