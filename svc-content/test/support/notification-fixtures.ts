import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import {
  EVENT_TYPES,
  eventQueueName,
  NOTIFICATION_SSE_EVENT,
  type DomainEvent,
  type EventPayloadInput,
  type NotificationItem,
} from '@district/contracts';
import { createDataSource, type Identity } from '@district/service-kit';
import {
  clearRedisPrefix,
  createTestDatabase,
  identityHeader,
  startTestService,
  testRedisPrefix,
  testRedisUrl,
  testServiceConfig,
  type TestDatabase,
  type TestService,
  waitFor,
} from '@district/service-kit/testing';
import { AppModule, SERVICE } from '../../src/app.module';
import { NotificationStreamsService } from '../../src/notifications/notification-streams.service';

export type Caller = Partial<Identity> & { id: number };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export { waitFor };

export function opportunity(
  id: number,
  overrides: Partial<EventPayloadInput<'opportunity.created'>> = {},
): EventPayloadInput<'opportunity.created'> {
  return {
    id,
    title: `Levee clean-up ${id}`,
    location: 'Kenner',
    date: '2031-04-12T09:00:00.000Z',
    ...overrides,
  };
}

// What a student's browser would receive for that opportunity (the id is the feed's own).
export const itemFor = (payload: EventPayloadInput<'opportunity.created'>) => ({
  type: 'new_opportunity' as const,
  data: { title: payload.title, location: payload.location, opportunityId: payload.id },
});

// A TCP relay in front of the real Redis (as in service-kit's tests): cut() is a Redis outage
// for everything connected through it, open() brings it back on the same port.
export class CuttableProxy {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server!.address() as net.AddressInfo).port;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

// An EventSource-like reader of /api/notifications/stream over plain HTTP.
export class SseClient {
  readonly items: NotificationItem[] = [];
  readonly comments: string[] = [];
  status = 0;
  ended = false;
  private request?: http.ClientRequest;
  private buffer = '';

  static async connect(baseUrl: string, as?: Caller): Promise<SseClient> {
    const client = new SseClient();
    await client.open(baseUrl, as);
    return client;
  }

  private open(baseUrl: string, as?: Caller): Promise<void> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (as) Object.assign(headers, identityHeader(as));
      const request = http.get(`${baseUrl}/api/notifications/stream`, { headers }, (res) => {
        this.status = res.statusCode ?? 0;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => this.onData(chunk));
        res.on('end', () => (this.ended = true));
        res.on('close', () => (this.ended = true));
        res.on('error', () => undefined);
        if (this.status !== 200) return resolve();
        // Resolved once the preamble arrived: the stream is registered on the server.
        const ready = () => (this.comments.includes('connected') ? resolve() : undefined);
        res.on('data', ready);
      });
      request.on('error', (error) => (this.status ? undefined : reject(error)));
      this.request = request;
    });
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const frame = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of frame.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (event === NOTIFICATION_SSE_EVENT && data.length > 0)
        this.items.push(JSON.parse(data.join('\n')) as NotificationItem);
    }
  }

  close(): void {
    this.request?.destroy();
  }
}

export interface Instance extends TestService {
  streams: NotificationStreamsService;
  get<T = unknown>(path: string, as?: Caller): Promise<{ status: number; body: T }>;
  notifications(as: Caller): Promise<NotificationItem[]>;
  stream(as?: Caller): Promise<SseClient>;
}

export interface InstanceOptions {
  // false: this instance serves HTTP but consumes no events (another one does).
  consumer?: boolean;
  redisUrl?: string;
}

// One svc-content deployment: a database and a BullMQ prefix of its own, any number of
// instances (processes in production, apps here) sharing them, and a way to emit events.
export class ContentCluster {
  readonly instances: Instance[] = [];
  // The test's own connection to the deployment's database, for assertions.
  db!: DataSource;
  private queue!: Queue;
  private connection!: Redis;

  private constructor(
    readonly database: TestDatabase,
    readonly prefix: string,
  ) {}

  static async create(): Promise<ContentCluster> {
    const cluster = new ContentCluster(
      await createTestDatabase('notifications'),
      testRedisPrefix('notifications'),
    );
    cluster.db = createDataSource({ url: cluster.database.url, schema: 'content' });
    await cluster.db.initialize();
    cluster.connection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    cluster.queue = new Queue(eventQueueName(SERVICE), {
      connection: cluster.connection,
      prefix: cluster.prefix,
    });
    return cluster;
  }

  config(options: InstanceOptions = {}) {
    return testServiceConfig({
      DB_SCHEMA: 'content',
      DATABASE_URL: this.database.url,
      BULLMQ_PREFIX: this.prefix,
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    });
  }

  async start(options: InstanceOptions = {}): Promise<Instance> {
    const module = AppModule.forRoot(
      options.consumer === false ? { events: { consumer: false } } : {},
    );
    const service = await startTestService(module, this.config(options), { service: SERVICE });
    const get = async <T>(path: string, as?: Caller) => {
      const response = await fetch(`${service.url}${path}`, {
        headers: as ? identityHeader(as) : {},
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    };
    const instance: Instance = {
      ...service,
      streams: service.app.get(NotificationStreamsService),
      get,
      async notifications(as) {
        const response = await get<NotificationItem[]>('/api/notifications', as);
        if (response.status !== 200)
          throw new Error(`GET /api/notifications answered ${response.status}`);
        return response.body;
      },
      stream: (as) => SseClient.connect(service.url, as),
      close: async () => {
        const index = this.instances.indexOf(instance);
        if (index >= 0) this.instances.splice(index, 1);
        await service.close();
      },
    };
    this.instances.push(instance);
    return instance;
  }

  // opportunity.created as svc-volunteer's relay delivers it: a job on events-svc-content whose
  // id is the event id. `eventId` repeats an event (a redelivery) under a new job id.
  async emit(
    payload: EventPayloadInput<'opportunity.created'>,
    options: { eventId?: string } = {},
  ): Promise<string> {
    const id = options.eventId ?? randomUUID();
    // An event written before issue 29 had no `announce`: the payload as given, defaults unapplied.
    const event = {
      id,
      type: EVENT_TYPES.opportunityCreated,
      payload,
      occurredAt: new Date().toISOString(),
    };
    await this.queue.add(event.type, event, {
      jobId: options.eventId ? `${id}-again-${randomUUID()}` : id,
    });
    return id;
  }

  // notification.requested (issue 18) as svc-volunteer's relay delivers it.
  async emitNotification(payload: EventPayloadInput<'notification.requested'>): Promise<string> {
    const event: DomainEvent<'notification.requested'> = {
      id: randomUUID(),
      type: EVENT_TYPES.notificationRequested,
      payload,
      occurredAt: new Date().toISOString(),
    };
    await this.queue.add(event.type, event, { jobId: event.id });
    return event.id;
  }

  async processed(eventId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM "processed_events" WHERE "event_id" = $1`,
      [eventId],
    );
    return rows.length > 0;
  }

  async emitAndWait(
    payload: EventPayloadInput<'opportunity.created'>,
    options: { eventId?: string } = {},
  ): Promise<string> {
    const id = await this.emit(payload, options);
    await waitFor(() => this.processed(id), `event ${id} to be processed`);
    return id;
  }

  async itemCount(): Promise<number> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS "n" FROM "notification_items"`,
    )) as Array<{ n: number }>;
    return row!.n;
  }

  jobCounts() {
    return this.queue.getJobCounts('completed', 'failed', 'waiting', 'active', 'delayed');
  }

  async close(): Promise<void> {
    for (const instance of [...this.instances].reverse()) await instance.close();
    await this.queue.close();
    this.connection.disconnect();
    await this.db.destroy();
    await clearRedisPrefix(this.prefix);
    await this.database.drop();
  }
}
