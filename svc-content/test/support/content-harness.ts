import 'reflect-metadata';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import {
  EVENT_TYPES,
  eventQueueName,
  type EventPayloadInput,
  type EventType,
  type UserReplicaPayload,
} from '@district/contracts';
import {
  callService,
  clearRedisPrefix,
  createTestDatabase,
  enqueueEvent,
  eventProcessed,
  replicaUser,
  startTestService,
  testRedisUrl,
  testServiceConfig,
  type ApiResponse,
  type Caller,
  type EnqueueOptions,
  type RequestOptions,
  type TestDatabase,
  type TestService,
  waitFor,
} from '@district/service-kit/testing';
import { AppModule, SERVICE } from '../../src/app.module';

export type { ApiResponse, Caller, RequestOptions };

// What a refused request answers (docs/architecture.md "Errors"); the default body type in tests.
export interface ErrorResponseBody {
  statusCode: number;
  message: string;
  errors: Array<{ path: string; message: string }>;
}

export type PublishOptions = EnqueueOptions;

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
    payload: EventPayloadInput<T>,
    options?: PublishOptions,
  ): Promise<string>;
  // Publishes and waits until the consumer has recorded the event as processed.
  deliver<T extends EventType>(
    type: T,
    payload: EventPayloadInput<T>,
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

  const harness: ContentHarness = {
    service,
    db,
    prefix: config.BULLMQ_PREFIX,

    request: (method, path, options) => callService(service.url, method, path, options),

    publish: (type, payload, options) => enqueueEvent(queue, type, payload, options),

    async deliver(type, payload, options = {}) {
      const id = await harness.publish(type, payload, options);
      await waitFor(() => eventProcessed(db, id), `${type} ${id} to be processed`);
      return id;
    },

    async registerUser(user) {
      const payload = replicaUser(user);
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
