import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import {
  EVENT_TYPES,
  eventQueueName,
  type DomainEvent,
  type EventPayload,
  type EventType,
  type UserReplicaPayload,
} from '@district/contracts';
import type { Identity } from '@district/service-kit';
import {
  clearRedisPrefix,
  createTestDatabase,
  identityHeader,
  startTestService,
  testRedisUrl,
  testServiceConfig,
  type TestDatabase,
  type TestService,
  waitFor,
} from '@district/service-kit/testing';
import { AppModule, SERVICE } from '../../src/app.module';

export type Caller = Partial<Identity> & { id: number };

// What a refused request answers (docs/architecture.md "Errors"); the default body type in tests.
export interface ErrorResponseBody {
  statusCode: number;
  message: string;
  errors: Array<{ path: string; message: string }>;
}

export interface ApiResponse<T = ErrorResponseBody> {
  status: number;
  body: T;
  text: string;
  contentType: string;
}

export interface RequestOptions {
  // Acts as the gateway: signs an identity token for this caller. Omit for a signed-out call.
  as?: Caller;
  json?: unknown;
  // Raw body (e.g. malformed JSON); sent as application/json unless headers say otherwise.
  body?: string;
  headers?: Record<string, string>;
}

export interface PublishOptions {
  occurredAt?: Date;
  // Reuse an event id (a redelivery); the BullMQ job id then differs so Redis accepts it again.
  eventId?: string;
}

export interface ContentHarness {
  service: TestService;
  db: DataSource;
  prefix: string;
  request<T = ErrorResponseBody>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  // Delivers an event the way svc-auth's relay does: a job on events-svc-content in Redis.
  publish<T extends EventType>(
    type: T,
    payload: EventPayload<T>,
    options?: PublishOptions,
  ): Promise<string>;
  // Publishes and waits until the consumer has recorded the event as processed.
  deliver<T extends EventType>(
    type: T,
    payload: EventPayload<T>,
    options?: PublishOptions,
  ): Promise<string>;
  // user.registered through the real consumer, waiting until the replica has it.
  registerUser(user: Partial<UserReplicaPayload> & { id: number }): Promise<UserReplicaPayload>;
  jobStates(): Promise<Record<string, number>>;
  // A second svc-content process on the same database and queue (another replica).
  startReplica(): Promise<TestService>;
  close(): Promise<void>;
}

export { waitFor };

// svc-content as production builds it (createServiceApp), on a free port, against its own fresh
// database and BullMQ prefix in the real PostgreSQL and Redis.
export async function startContentService(): Promise<ContentHarness> {
  const database: TestDatabase = await createTestDatabase('content');
  const config = testServiceConfig({ DB_SCHEMA: 'content', DATABASE_URL: database.url });
  let service: TestService;
  try {
    service = await startTestService(AppModule.forRoot(), config, { service: SERVICE });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const db = service.app.get(DataSource);
  const connection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  const queue = new Queue(eventQueueName(SERVICE), { connection, prefix: config.BULLMQ_PREFIX });

  const replicas: TestService[] = [];
  const processed = async (eventId: string): Promise<boolean> =>
    (
      (await db.query(`SELECT 1 FROM "processed_events" WHERE "event_id" = $1`, [
        eventId,
      ])) as unknown[]
    ).length > 0;

  const harness: ContentHarness = {
    service,
    db,
    prefix: config.BULLMQ_PREFIX,

    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.as) Object.assign(headers, identityHeader(options.as));
      let body = options.body;
      if (options.json !== undefined) body = JSON.stringify(options.json);
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const response = await fetch(`${service.url}${path}`, { method, headers, body });
      const text = await response.text();
      const contentType = response.headers.get('content-type') ?? '';
      const parsed: unknown =
        contentType.includes('application/json') && text ? JSON.parse(text) : text;
      return { status: response.status, body: parsed as never, text, contentType };
    },

    async publish(type, payload, options = {}) {
      const id = options.eventId ?? randomUUID();
      const occurredAt = (options.occurredAt ?? new Date()).toISOString();
      const event = { id, type, payload, occurredAt } as DomainEvent;
      const jobId = options.eventId ? `${id}-again-${randomUUID()}` : id;
      await queue.add(type, event, { jobId });
      return id;
    },

    async deliver(type, payload, options = {}) {
      const id = await harness.publish(type, payload, options);
      await waitFor(() => processed(id), `${type} ${id} to be processed`);
      return id;
    },

    async registerUser(user) {
      const payload: UserReplicaPayload = {
        name: `Student ${user.id}`,
        school: 'Jesuit High School',
        grade: 10,
        avatarUrl: null,
        isAdmin: false,
        isSupervisor: false,
        ...user,
      };
      await harness.deliver(EVENT_TYPES.userRegistered, payload);
      return payload;
    },

    async jobStates() {
      return queue.getJobCounts('completed', 'failed', 'waiting', 'active', 'delayed');
    },

    async startReplica() {
      const replica = await startTestService(AppModule.forRoot(), config, { service: SERVICE });
      replicas.push(replica);
      return replica;
    },

    async close() {
      await Promise.all(replicas.map((replica) => replica.close()));
      await service.close();
      await queue.close();
      connection.disconnect();
      await clearRedisPrefix(config.BULLMQ_PREFIX);
      await database.drop();
    },
  };
  return harness;
}

export const STUDENT: Caller = { id: 101 };
export const OTHER_STUDENT: Caller = { id: 102 };
export const SUPERVISOR: Caller = { id: 201, isSupervisor: true };
export const ADMIN: Caller = { id: 301, isAdmin: true };

// A body that passes SPEC §5: title ≥ 5 characters, content ≥ 100.
export function postBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Our Saturday at the Food Bank',
    content:
      'We sorted more than two hundred cans and boxes for families in Metairie.\n\n' +
      'Next month we are going back with the whole robotics club to help again.',
    ...overrides,
  };
}
