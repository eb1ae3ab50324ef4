import 'reflect-metadata';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import {
  EVENT_TYPES,
  eventQueueName,
  type EventPayloadInput,
  type EventType,
  type UserReplicaPayload,
} from '@district/contracts';
import type { ServiceConfig } from '@district/service-kit';
import {
  enqueueEvent,
  eventProcessed,
  replicaUser,
  testRedisUrl,
  testServiceConfig,
  waitFor,
  type Caller,
  type EnqueueOptions,
  type TestDatabase,
} from '@district/service-kit/testing';
import { SERVICE } from '../../src/app.module';

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
