import 'reflect-metadata';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { eventQueueName, type EventPayloadInput, type EventType } from '@district/contracts';
import type { ServiceConfig } from '@district/service-kit';
import {
  callService,
  clearRedisPrefix,
  createTestDatabase,
  enqueueEvent,
  eventProcessed,
  replicaUser,
  startTestService,
  testServiceConfig,
  waitFor,
  type ApiResponse,
  type Caller,
  type RequestOptions,
  type TestDatabase,
  type TestService,
} from '@district/service-kit/testing';
import type { AppModuleOptions } from '@district/service-kit';
import { AppModule, SERVICE } from '../../src/app.module';

// svc-volunteer's fixtures for the kit's harness (createTestDatabase, testServiceConfig,
// startTestService, callService, enqueueEvent): its config, its event queue, its callers and a
// valid opportunity.

export type { ApiResponse, Caller, RequestOptions } from '@district/service-kit/testing';
export { waitFor };

// Response bodies are checked by the assertions, not by the type system.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

// Where calendar feed addresses point in tests.
export const TEST_PUBLIC_URL = 'https://volunteer.test';

export type TestUser = Caller & { name?: string; school?: string };

export const admin: TestUser = {
  id: 1,
  isAdmin: true,
  name: 'Ada Admin',
  school: 'Jesuit High School',
};
export const supervisor: TestUser = {
  id: 2,
  isSupervisor: true,
  name: 'Sam Supervisor',
  school: 'Rummel High School',
};
export const student: TestUser = { id: 3, name: 'Stella Student', school: 'Chalmette High School' };
export const otherStudent: TestUser = {
  id: 4,
  name: 'Otto Other',
  school: 'Dominican High School',
};

// svc-volunteer's event queue (the service's BullMQ prefix), checked through its database `db`.
export interface VolunteerEvents {
  // Publishes an event the way svc-auth's relay does, then waits until this service applied it.
  deliver<T extends EventType>(
    type: T,
    payload: EventPayloadInput<T>,
    options?: { occurredAt?: Date },
  ): Promise<void>;
  // Registers users in the replica through real user.registered events.
  registerUsers(...users: TestUser[]): Promise<void>;
  close(): Promise<void>;
}

export function volunteerEvents(config: ServiceConfig, db: DataSource): VolunteerEvents {
  const connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(eventQueueName(SERVICE), {
    connection,
    prefix: config.BULLMQ_PREFIX,
  });
  const events: VolunteerEvents = {
    async deliver(type, payload, { occurredAt } = {}) {
      const id = await enqueueEvent(queue, type, payload, { occurredAt });
      await waitFor(() => eventProcessed(db, id), `event ${type} ${id} processed`);
    },
    async registerUsers(...users) {
      for (const { id, name, school, isAdmin, isSupervisor } of users)
        await events.deliver(
          'user.registered',
          replicaUser({
            id,
            name: name ?? `User ${id}`,
            ...(school ? { school } : {}),
            isAdmin: isAdmin ?? false,
            isSupervisor: isSupervisor ?? false,
          }),
        );
    },
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
  return events;
}

// svc-volunteer as production starts it (AppModule.forRoot) on a fresh test database, with its
// event queue; close() undoes all of it. Several may share one database and prefix (replicas):
// then the first one's owner drops them. The specs' one way to start the service.
export interface VolunteerService {
  database: TestDatabase;
  config: ServiceConfig;
  service: TestService;
  db: DataSource;
  events: VolunteerEvents;
  // Direct SQL on the service's schema (assertions and fixtures only).
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  request<T = Json>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

export interface StartOptions extends AppModuleOptions {
  archiveIntervalMs?: number;
  // More of svc-volunteer's own variables (e.g. the reminder lead times).
  config?: Record<string, string | number>;
  // Share a database/prefix with another instance (several replicas).
  database?: TestDatabase;
  prefix?: string;
}

export async function startVolunteerService(options: StartOptions = {}): Promise<VolunteerService> {
  const database = options.database ?? (await createTestDatabase('volunteer'));
  const config = testServiceConfig({
    DB_SCHEMA: 'volunteer',
    DATABASE_URL: database.url,
    ...(options.prefix ? { BULLMQ_PREFIX: options.prefix } : {}),
    ARCHIVE_INTERVAL_MS: options.archiveIntervalMs ?? 3_600_000,
    PUBLIC_URL: TEST_PUBLIC_URL,
    // Issue 33: uploaded photos go to a folder of this run's own.
    PHOTO_DIR: await mkdtemp(join(tmpdir(), 'svc-volunteer-photos-')),
    // Suites upload from one user; the photo suite sets its own limit.
    RATE_LIMIT_PER_MINUTE: 10_000,
    ...options.config,
  });
  const service = await startTestService(
    AppModule.forRoot({
      poolSize: options.poolSize,
      events: { pollIntervalMs: 200, ...options.events },
    }),
    config,
    { service: SERVICE },
  );
  const db = service.app.get(DataSource);
  const events = volunteerEvents(config, db);
  const pg = new Client({ connectionString: database.url });
  await pg.connect();
  await pg.query('SET search_path = volunteer, public');
  return {
    database,
    config,
    service,
    db,
    events,
    sql: async <T>(text: string, params: unknown[] = []) =>
      (await pg.query(text, params)).rows as T[],
    request: (method, path, requestOptions) =>
      callService(service.url, method, path, requestOptions),
    async close() {
      await events.close();
      await pg.end();
      await service.close();
      if (!options.database) {
        await database.drop();
        await clearRedisPrefix(config.BULLMQ_PREFIX);
      }
    },
  };
}

// A valid create body, dated in the future unless told otherwise.
export function opportunityBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Beach Cleanup',
    description: 'Help clean Grand Isle beach.',
    location: 'Grand Isle',
    date: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    spaces: 5,
    ...overrides,
  };
}
