import { Global, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pino from 'pino';
import { DataSource } from 'typeorm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { EventPayload, EventPayloadInput } from '@district/contracts';
import {
  addOutboxEvent,
  checkHandlers,
  createDataSource,
  EventProcessor,
  EventsModule,
  HandleEvent,
  LOGGER,
  OutboxRelay,
  runMigrations,
  SERVICE_CONFIG,
  SERVICE_METRICS,
  ServiceMetrics,
  withTransaction,
  type EventContext,
  type EventHandlerFn,
  type EventsModuleOptions,
  type OutboxRelayOptions,
} from '../src';
import {
  clearRedisPrefix,
  createTestDatabase,
  identityHeader,
  startTestService,
  testRedisPrefix,
  testRedisUrl,
  testServiceConfig,
  type TestDatabase,
} from '../src/testing';
import { FeedItem, Widget } from './fixtures/widget.entity';
import {
  CreateFeedItems1710000000001,
  CreateWidgets1710000000000,
} from './fixtures/fixture-migrations';
import { consumerModule, producerModule } from './fixtures/test-app.module';
import { waitFor } from '../src/testing';
import { CuttableProxy, sleep } from './helpers';

const opportunity = (
  id: number,
  title = `Opportunity ${id}`,
): EventPayloadInput<'opportunity.created'> => ({
  id,
  title,
  location: 'Gretna',
  date: '2030-05-01T09:00:00.000Z',
});

// Only the route these tests exercise; the real table also sends user.* events to svc-content.
const ROUTING = { 'opportunity.created': ['svc-content'] };

// svc-content's handler: one feed row per opportunity.
const addFeedItem: EventHandlerFn<'opportunity.created'> = async (payload, { manager }) => {
  await manager.insert(FeedItem, { opportunityId: payload.id, title: payload.title });
};
// What the consumer under test does with an event; a test may swap it.
let onOpportunity = addFeedItem;

@Injectable()
class FeedHandlers {
  @HandleEvent('opportunity.created')
  onOpportunityCreated(
    payload: EventPayload<'opportunity.created'>,
    context: EventContext<'opportunity.created'>,
  ) {
    return onOpportunity(payload, context);
  }
}

describe('outbox, relay and consumer (real PostgreSQL and Redis)', () => {
  let db: TestDatabase;
  let producer: DataSource;
  let consumerDb: DataSource;
  let prefix: string;
  let redis: Redis;
  const running: Array<{ stop?(): Promise<void>; close?(): Promise<void> }> = [];
  const redisUrl = testRedisUrl();

  // svc-volunteer's relay, standalone: its queue is the one EventsModule would inject.
  const relay = (options: OutboxRelayOptions & { redisUrl?: string } = {}) => {
    const queue = new Queue('events-svc-content', {
      connection: { url: options.redisUrl ?? redisUrl },
      prefix,
    });
    const r = new OutboxRelay(producer, new Map([['svc-content', queue]]), {
      pollIntervalMs: 100,
      routing: ROUTING,
      ...options,
    });
    running.push({ stop: () => r.stop().then(() => queue.close()) });
    return r;
  };
  // svc-content's consumer, as EventsModule wires it in a service.
  const consumer = async (worker?: EventsModuleOptions['worker']) => {
    @Global()
    @Module({
      providers: [
        { provide: SERVICE_CONFIG, useValue: { REDIS_URL: redisUrl, BULLMQ_PREFIX: prefix } },
        { provide: LOGGER, useValue: pino({ level: 'silent' }) },
        { provide: SERVICE_METRICS, useValue: new ServiceMetrics('svc-test') },
        { provide: DataSource, useValue: consumerDb },
      ],
      exports: [SERVICE_CONFIG, LOGGER, SERVICE_METRICS, DataSource],
    })
    class KitStub {}
    const app = await Test.createTestingModule({
      imports: [
        KitStub,
        EventsModule.forRoot({
          service: 'svc-content',
          relay: false,
          routing: ROUTING,
          handlers: [FeedHandlers],
          worker,
        }),
      ],
    }).compile();
    await app.init();
    running.push(app);
    return app.get(EventProcessor);
  };
  const feedCount = async () =>
    (await consumerDb.query('SELECT count(*)::int AS n FROM content.feed_items'))[0].n;
  const unpublished = async () =>
    (
      await producer.query(
        'SELECT count(*)::int AS n FROM volunteer.outbox WHERE published_at IS NULL',
      )
    )[0].n;
  const queue = () => new Queue('events-svc-content', { connection: redis, prefix });

  const publishOpportunity = (id: number, title?: string) =>
    withTransaction(producer, async (manager) => {
      await manager.insert(Widget, { name: `w-${id}-${Math.random()}` });
      return addOutboxEvent(manager, 'opportunity.created', opportunity(id, title));
    });

  beforeAll(async () => {
    db = await createTestDatabase('kit_events');
    producer = createDataSource({
      url: db.url,
      schema: 'volunteer',
      entities: [Widget],
      migrations: [CreateWidgets1710000000000],
    });
    consumerDb = createDataSource({
      url: db.url,
      schema: 'content',
      entities: [FeedItem],
      migrations: [CreateFeedItems1710000000001],
    });
    await producer.initialize();
    await consumerDb.initialize();
    await runMigrations(producer);
    await runMigrations(consumerDb);
    redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  });

  beforeEach(async () => {
    prefix = testRedisPrefix('events');
    await producer.query('TRUNCATE volunteer.outbox, volunteer.widgets');
    await consumerDb.query('TRUNCATE content.feed_items, content.processed_events');
    onOpportunity = addFeedItem;
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => (r.stop ?? r.close)!.call(r)));
    await clearRedisPrefix(prefix);
  });

  afterAll(async () => {
    redis?.disconnect();
    await producer?.destroy();
    await consumerDb?.destroy();
    await db?.drop();
  });

  it('creates the schema, the outbox and processed_events tables, and records its migrations there', async () => {
    const tables = await producer.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'volunteer' ORDER BY 1`,
    );
    expect(tables.map((t: { table_name: string }) => t.table_name)).toEqual([
      'migrations',
      'outbox',
      'processed_events',
      'widgets',
    ]);
    // Running again is a no-op.
    expect(await runMigrations(producer)).toEqual([]);
  });

  it('never delivers an event written in a rolled-back transaction', async () => {
    await expect(
      withTransaction(producer, async (manager) => {
        await manager.insert(Widget, { name: 'rolled-back' });
        await addOutboxEvent(manager, 'opportunity.created', opportunity(1, 'rolled back'));
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    await publishOpportunity(2, 'committed');

    await relay().start();
    await consumer();
    await waitFor(async () => (await feedCount()) === 1, 'the committed event', 10_000);
    await sleep(500);
    const rows = await consumerDb.query('SELECT title FROM content.feed_items');
    expect(rows).toEqual([{ title: 'committed' }]);
    expect(
      await producer.query(
        `SELECT count(*)::int AS n FROM volunteer.widgets WHERE name = 'rolled-back'`,
      ),
    ).toEqual([{ n: 0 }]);
    const counts = await queue().getJobCounts(
      'completed',
      'waiting',
      'active',
      'failed',
      'delayed',
    );
    expect(counts).toMatchObject({ completed: 1, waiting: 0, active: 0, failed: 0, delayed: 0 });
  });

  it('refuses to write an event outside a transaction or with a payload that breaks the contract', async () => {
    await expect(
      addOutboxEvent(producer.manager, 'opportunity.created', opportunity(3)),
    ).rejects.toThrow(/inside a transaction/);
    await expect(
      withTransaction(producer, (manager) =>
        addOutboxEvent(manager, 'opportunity.created', {
          id: 'x',
        } as unknown as EventPayload<'opportunity.created'>),
      ),
    ).rejects.toThrow();
    expect(await unpublished()).toBe(0);
  });

  it('applies a redelivered event once', async () => {
    const id = await publishOpportunity(10, 'once');
    await relay().start();
    const c = await consumer();
    await waitFor(async () => (await feedCount()) === 1, 'first delivery', 10_000);

    // BullMQ forgets completed jobs after a while; a later re-send arrives as a new job.
    const [row] = await producer.query(
      'SELECT payload, created_at FROM volunteer.outbox WHERE id = $1',
      [id],
    );
    const envelope = {
      id,
      type: 'opportunity.created',
      payload: row.payload,
      occurredAt: row.created_at.toISOString(),
    };
    const q = queue();
    await q.add('opportunity.created', envelope, { jobId: `${id}-again` });
    await waitFor(
      async () => (await q.getJobCounts('completed')).completed === 2,
      'second delivery',
      10_000,
    );
    expect(await feedCount()).toBe(1);

    // Two deliveries racing each other: one applies, one sees the first and does nothing.
    const results = await Promise.all([c.apply(envelope as never), c.apply(envelope as never)]);
    expect(results.filter(Boolean)).toHaveLength(0);
    const fresh = { ...envelope, id: crypto.randomUUID(), payload: opportunity(11, 'raced') };
    const raced = await Promise.all([c.apply(fresh as never), c.apply(fresh as never)]);
    expect(raced.filter(Boolean)).toHaveLength(1);
    expect(await feedCount()).toBe(2);
  });

  it('still applies an event whose consumer died twice while handling it', async () => {
    let deliveries = 0;
    let inHand: ((error: Error) => void) | undefined;
    onOpportunity = async (payload, context) => {
      deliveries += 1;
      // The first two deliveries never finish: their consumer dies with the event in hand.
      if (deliveries <= 2)
        await new Promise<void>((_, reject) => {
          inHand = reject;
        });
      await addFeedItem(payload, context);
    };
    const start = () => consumer({ lockDuration: 1_000, stalledInterval: 300 });
    // What kill -9 leaves behind: the job active in Redis under a lock nobody renews, the
    // handler's transaction rolled back, and no word to BullMQ.
    const kill = async (c: EventProcessor) => {
      await waitFor(async () => inHand !== undefined, 'the event in hand', 15_000);
      const closing = c.worker.close(true);
      inHand?.(new Error('killed'));
      inHand = undefined;
      await closing;
    };
    const id = await publishOpportunity(30, 'survives two crashes');
    await relay().start();
    await kill(await start());
    await kill(await start());
    await start();
    await waitFor(async () => (await feedCount()) === 1, 'the third delivery', 15_000);
    const job = await queue().getJob(id);
    expect(job?.stalledCounter).toBe(2);
    expect(deliveries).toBe(3);
  });

  it('keeps events for a consumer that is down and delivers them when it comes back', async () => {
    await relay().start();
    await publishOpportunity(20, 'while down');
    await publishOpportunity(21, 'also while down');
    await waitFor(async () => (await unpublished()) === 0, 'relay to publish', 10_000);
    await sleep(300);
    expect(await feedCount()).toBe(0);
    expect((await queue().getJobCounts('waiting')).waiting).toBe(2);

    await consumer();
    await waitFor(async () => (await feedCount()) === 2, 'delivery after restart', 10_000);
    const titles = (await consumerDb.query('SELECT title FROM content.feed_items ORDER BY id')).map(
      (r: { title: string }) => r.title,
    );
    expect(titles).toEqual(['while down', 'also while down']);
  });

  it('re-sends what stayed unpublished while Redis was unreachable', async () => {
    const { hostname, port } = new URL(redisUrl);
    const proxy = new CuttableProxy(hostname, Number(port || 6379));
    await proxy.open();
    const viaProxy = `redis://127.0.0.1:${proxy.port}`;
    await consumer();
    await relay({ redisUrl: viaProxy, publishTimeoutMs: 1_000 }).start();

    await publishOpportunity(30, 'before the outage');
    await waitFor(async () => (await feedCount()) === 1, 'delivery before the outage', 10_000);

    await proxy.cut();
    await publishOpportunity(31, 'during the outage');
    await sleep(1_500);
    // Still in the outbox, not lost and not marked published.
    expect(await unpublished()).toBe(1);
    expect(await feedCount()).toBe(1);

    await proxy.open();
    await waitFor(async () => (await feedCount()) === 2, 'delivery after the outage', 20_000);
    // The relay marks rows published after Redis took them, so the consumer may finish first.
    await waitFor(async () => (await unpublished()) === 0, 'marked published', 5_000);
    await proxy.cut();
  });

  it('publishes rows left unpublished by a relay that stopped, when a relay starts again', async () => {
    await publishOpportunity(40);
    await publishOpportunity(41);
    expect(await unpublished()).toBe(2);
    await relay().start();
    await consumer();
    await waitFor(async () => (await feedCount()) === 2, 'delivery after relay start', 10_000);
  });

  it('lets several relays share one outbox without losing or doubling an event', async () => {
    await consumer();
    const relays = [relay(), relay(), relay()];
    await Promise.all(relays.map((r) => r.start()));
    const writes = Array.from({ length: 60 }, (_, i) => publishOpportunity(100 + i));
    await Promise.all(writes);
    await waitFor(async () => (await feedCount()) === 60, '60 events', 20_000);
    await sleep(300);
    expect(await feedCount()).toBe(60);
    expect(await unpublished()).toBe(0);
    // One job per event (job id = event id), whichever relay published it.
    expect((await queue().getJobCounts('completed')).completed).toBe(60);
  });

  it('delivers within a fraction of a second of the commit, woken by the commit itself', async () => {
    // A 5 s poll: only the NOTIFY sent at commit can make delivery this fast.
    await relay({ pollIntervalMs: 5_000 }).start();
    await consumer();
    await publishOpportunity(50); // warm-up
    await waitFor(async () => (await feedCount()) === 1, 'first delivery');
    const samples: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const started = performance.now();
      await publishOpportunity(51 + i);
      await waitFor(async () => (await feedCount()) === 2 + i, 'delivery', 5_000);
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    console.log(
      `commit → handled: median ${samples[5].toFixed(1)} ms, max ${samples[9].toFixed(1)} ms`,
    );
    expect(samples[5]).toBeLessThan(500);
  });

  it('keeps an event whose payload breaks the contract as a failed job instead of retrying it', async () => {
    await consumer();
    const q = queue();
    await q.add('opportunity.created', {
      id: crypto.randomUUID(),
      type: 'opportunity.created',
      payload: { id: 'not a number' },
      occurredAt: new Date().toISOString(),
    });
    await waitFor(async () => (await q.getJobCounts('failed')).failed === 1, 'failed job', 10_000);
    const [failed] = await q.getFailed();
    expect(failed.attemptsMade).toBe(1);
    expect(await feedCount()).toBe(0);
  });

  it('checks one handler per routed event type at start-up', () => {
    expect(() =>
      checkHandlers('svc-content', [], { 'opportunity.created': ['svc-content'] }),
    ).toThrow(/no handler for "opportunity.created"/);
    expect(() =>
      checkHandlers('svc-content', ['opportunity.created', 'hours.approved'], {
        'opportunity.created': ['svc-content'],
        'hours.approved': ['svc-auth'],
      }),
    ).toThrow(/"hours.approved", which is not routed to svc-content/);
    expect(() =>
      checkHandlers('svc-auth', ['hours.approved'], { 'hours.approved': ['svc-auth'] }),
    ).not.toThrow();
  });
});

describe('EventsModule wiring in two services', () => {
  it('carries an event from one service’s HTTP write to another service’s handler', async () => {
    const db = await createTestDatabase('kit_wiring');
    const prefix = testRedisPrefix('wiring');
    const base = { DATABASE_URL: db.url, BULLMQ_PREFIX: prefix };
    const producerApp = await startTestService(
      producerModule(),
      testServiceConfig({ ...base, DB_SCHEMA: 'volunteer' }),
    );
    const consumerApp = await startTestService(
      consumerModule(),
      testServiceConfig({ ...base, DB_SCHEMA: 'content' }),
    );
    const reader = new DataSource({ type: 'postgres', url: db.url });
    await reader.initialize();
    try {
      const res = await fetch(`${producerApp.url}/widgets`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...identityHeader({ id: 1, isAdmin: true }),
        },
        body: JSON.stringify({ name: 'beach cleanup' }),
      });
      expect(res.status).toBe(201);
      const rows = await waitFor(async () => {
        const found = await reader.query('SELECT title FROM content.feed_items');
        return found.length > 0 ? found : undefined;
      }, 'the feed item');
      expect(rows).toEqual([{ title: 'beach cleanup' }]);

      // A failed write leaves no event behind.
      const failed = await fetch(`${producerApp.url}/widgets/fail-after-write`, {
        method: 'POST',
        headers: identityHeader({ id: 1 }),
      });
      expect(failed.status).toBe(500);
      await sleep(500);
      expect(await reader.query('SELECT count(*)::int AS n FROM volunteer.outbox')).toEqual([
        { n: 1 },
      ]);
      expect(await reader.query('SELECT count(*)::int AS n FROM content.feed_items')).toEqual([
        { n: 1 },
      ]);
    } finally {
      await reader.destroy();
      await producerApp.close();
      await consumerApp.close();
      await db.drop();
      await clearRedisPrefix(prefix);
    }
  });

  it('refuses to start a consumer service with a routed event type left unhandled', async () => {
    const db = await createTestDatabase('kit_unhandled');
    try {
      const { EventsModule } = await import('../src');
      const { TestAppModule } = await import('./fixtures/test-app.module');
      const broken = {
        module: class BrokenModule {},
        imports: [TestAppModule, EventsModule.forRoot({ service: 'svc-hours' })],
      };
      await expect(
        startTestService(broken, testServiceConfig({ DATABASE_URL: db.url, DB_SCHEMA: 'hours' })),
      ).rejects.toThrow(/svc-hours event handlers: no handler for "user.registered"/);
    } finally {
      await db.drop();
    }
  });
});
