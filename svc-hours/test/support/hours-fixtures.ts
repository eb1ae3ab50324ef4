import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import {
  EVENT_TYPES,
  eventQueueName,
  type DomainEvent,
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
  type RequestOptions,
  type TestDatabase,
  type TestService,
} from '@district/service-kit/testing';
import { AppModule, SERVICE } from '../../src/app.module';
import { generateRecordSigningKey } from '../../src/service-records/record-signing';

// svc-hours' fixtures for the kit's harness (createTestDatabase, testServiceConfig,
// startTestService, callService): its config, its event queues, its callers and a valid entry.

export type { ApiResponse, Caller, RequestOptions } from '@district/service-kit/testing';
export { waitFor };

// Response bodies are checked by the assertions, not by the type system.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

// The kit's test config for the hours schema in a fresh test database, with svc-hours' own
// variables (hours.config.ts); tests that read mail pass a sink's address.
export function hoursTestConfig(
  database: TestDatabase,
  options: { smtpUrl?: string; districtName?: string } = {},
): ServiceConfig {
  return testServiceConfig({
    DB_SCHEMA: 'hours',
    DATABASE_URL: database.url,
    PUBLIC_URL: 'http://district.test',
    SMTP_URL: options.smtpUrl ?? 'smtp://127.0.0.1:2525',
    MAIL_FROM: 'District Volunteers <no-reply@district.local>',
    RECORD_SIGNING_KEY: generateRecordSigningKey(),
    // As platform.ts names it (the service's own default applies when the variable is unset).
    DISTRICT_NAME: options.districtName ?? 'Jefferson Parish Public School System',
  });
}

export interface HoursEvents {
  // Delivers an event the way svc-auth's relay would: a job on events-svc-hours in Redis.
  publish<T extends EventType>(
    type: T,
    payload: EventPayloadInput<T>,
    occurredAt?: Date,
  ): Promise<string>;
  // Publishes user.registered and waits until the replica has applied it.
  registerUser(user: Partial<UserReplicaPayload> & { id: number }): Promise<UserReplicaPayload>;
  // Publishes an opportunity event as svc-volunteer would and waits until it is applied.
  opportunityEvent(
    type: 'opportunity.created' | 'opportunity.updated' | 'opportunity.deleted',
    id: number,
    title?: string,
  ): Promise<void>;
  // Jobs the relay put on another service's queue (e.g. svc-auth for hours.approved).
  queuedEvents(consumer: 'svc-auth'): Promise<DomainEvent[]>;
  close(): Promise<void>;
}

// svc-hours' event queues (the service's BullMQ prefix), checked through its database `db`.
export function hoursEvents(config: ServiceConfig, db: DataSource): HoursEvents {
  const connection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  const queues = new Map<string, Queue>();
  const queue = (name: string) => {
    let q = queues.get(name);
    if (!q) {
      q = new Queue(name, { connection, prefix: config.BULLMQ_PREFIX });
      queues.set(name, q);
    }
    return q;
  };
  const events: HoursEvents = {
    publish: (type, payload, occurredAt) =>
      enqueueEvent(queue(eventQueueName(SERVICE)), type, payload, { occurredAt }),

    async registerUser(user) {
      const payload = replicaUser(user);
      const eventId = await events.publish(EVENT_TYPES.userRegistered, payload);
      await waitFor(() => eventProcessed(db, eventId), `user.registered for ${user.id}`);
      return payload;
    },

    async opportunityEvent(type, id, title = `Opportunity ${id}`) {
      const eventId =
        type === 'opportunity.deleted'
          ? await events.publish(type, { id })
          : await events.publish(type, {
              id,
              title,
              location: 'Metairie',
              date: '2025-03-01T14:00:00.000Z',
            });
      await waitFor(() => eventProcessed(db, eventId), `${type} for ${id}`);
    },

    async queuedEvents(consumer) {
      const jobs = await queue(eventQueueName(consumer)).getJobs([
        'waiting',
        'prioritized',
        'delayed',
        'active',
        'completed',
        'failed',
      ]);
      return jobs.map((job) => job.data as DomainEvent);
    },

    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()));
      connection.disconnect();
    },
  };
  return events;
}

export const STUDENT: Caller = { id: 101 };
export const OTHER_STUDENT: Caller = { id: 102 };
export const SUPERVISOR: Caller = { id: 201, isSupervisor: true };
export const ADMIN: Caller = { id: 301, isAdmin: true };

// A valid POST /api/service-hours body; dates are in the past so they never trip the future rule.
export function logBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    hours: 1.5,
    date: '2025-03-01',
    description: 'Sorted cans at the food bank',
    ...overrides,
  };
}

// svc-hours as production starts it (AppModule.forRoot) on a fresh test database, with its event
// queues; close() undoes all of it. The specs' one way to start the service.
export interface HoursService {
  database: TestDatabase;
  config: ServiceConfig;
  service: TestService;
  db: DataSource;
  events: HoursEvents;
  request<T = Json>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

export async function startHoursService(
  options: { smtpUrl?: string; districtName?: string } = {},
): Promise<HoursService> {
  const database = await createTestDatabase('hours');
  const config = hoursTestConfig(database, options);
  const service = await startTestService(AppModule.forRoot(), config, { service: SERVICE });
  const db = service.app.get(DataSource);
  const events = hoursEvents(config, db);
  return {
    database,
    config,
    service,
    db,
    events,
    request: (method, path, requestOptions) =>
      callService(service.url, method, path, requestOptions),
    close: async () => {
      await events.close();
      await service.close();
      await clearRedisPrefix(config.BULLMQ_PREFIX);
      await database.drop();
    },
  };
}
