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
import type { ServiceConfig } from '@district/service-kit';
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
  waitFor,
  type ApiResponse,
  type Caller,
  type EnqueueOptions,
  type RequestOptions,
  type TestDatabase,
  type TestService,
} from '@district/service-kit/testing';
import { AppModule, SERVICE } from '../../src/app.module';

// svc-content's fixtures for the kit's harness (createTestDatabase, testServiceConfig,
// startTestService, callService): its config, its event queue, its callers and a valid post.

// What a refused request answers (docs/architecture.md "Errors"); the default body type in tests.
export interface ErrorResponseBody {
  statusCode: number;
  message: string;
  errors: Array<{ path: string; message: string }>;
}

// The kit's test config for the content schema in a fresh test database.
export function contentTestConfig(database: TestDatabase): ServiceConfig {
  return testServiceConfig({ DB_SCHEMA: 'content', DATABASE_URL: database.url });
}

export interface ContentEvents {
  // Delivers an event the way a producer's relay does: a job on events-svc-content in Redis.
  publish<T extends EventType>(
    type: T,
    payload: EventPayloadInput<T>,
    options?: EnqueueOptions,
  ): Promise<string>;
  // Publishes and waits until the consumer has recorded the event as processed.
  deliver<T extends EventType>(
    type: T,
    payload: EventPayloadInput<T>,
    options?: EnqueueOptions,
  ): Promise<string>;
  // user.registered through the real consumer, waiting until the replica has it.
  registerUser(user: Partial<UserReplicaPayload> & { id: number }): Promise<UserReplicaPayload>;
  close(): Promise<void>;
}

// svc-content's event queue (the service's BullMQ prefix), checked through its database `db`.
export function contentEvents(config: ServiceConfig, db: DataSource): ContentEvents {
  const connection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  const queue = new Queue(eventQueueName(SERVICE), { connection, prefix: config.BULLMQ_PREFIX });
  const events: ContentEvents = {
    publish: (type, payload, options) => enqueueEvent(queue, type, payload, options),
    async deliver(type, payload, options = {}) {
      const id = await events.publish(type, payload, options);
      await waitFor(() => eventProcessed(db, id), `${type} ${id} to be processed`);
      return id;
    },
    async registerUser(user) {
      const payload = replicaUser(user);
      await events.deliver(EVENT_TYPES.userRegistered, payload);
      return payload;
    },
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
  return events;
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

// svc-content as production starts it (AppModule.forRoot) on a fresh test database, with its event
// queue; close() undoes all of it. The specs' one way to start the service.
export interface ContentService {
  database: TestDatabase;
  config: ServiceConfig;
  service: TestService;
  db: DataSource;
  events: ContentEvents;
  request<T = ErrorResponseBody>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

export async function startContentService(): Promise<ContentService> {
  const database = await createTestDatabase('content');
  const config = contentTestConfig(database);
  const service = await startTestService(AppModule.forRoot(), config, { service: SERVICE });
  const db = service.app.get(DataSource);
  const events = contentEvents(config, db);
  return {
    database,
    config,
    service,
    db,
    events,
    request: (method, path, options) => callService(service.url, method, path, options),
    close: async () => {
      await events.close();
      await service.close();
      await clearRedisPrefix(config.BULLMQ_PREFIX);
      await database.drop();
    },
  };
}
