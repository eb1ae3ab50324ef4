import 'reflect-metadata';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { eventQueueName, type EventPayloadInput, type EventType } from '@district/contracts';
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
  type TestDatabase,
  type TestService,
} from '@district/service-kit/testing';
import type { AppModuleOptions } from '@district/service-kit';
import { AppModule, SERVICE } from '../../src/app.module';

// svc-volunteer's fixtures for the kit's harness (createTestDatabase, testServiceConfig,
// startTestService, callService, enqueueEvent): its config, its callers, a running instance
// with its event queue (several may share one database, as replicas) and a valid opportunity.

export type { ApiResponse };
export { waitFor };

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

export interface ApiOptions {
  as?: TestUser;
  // Sent as JSON (the kit's `json`).
  body?: unknown;
  // Raw body text (malformed JSON, for instance): the kit's `body`.
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface VolunteerTestApp {
  service: TestService;
  db: TestDatabase;
  prefix: string;
  // Direct SQL on the service's database (assertions and fixtures only).
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  api<T = unknown>(method: string, path: string, options?: ApiOptions): Promise<ApiResponse<T>>;
  // Publishes an event the way svc-auth's relay does, then waits until this service applied it.
  deliver<T extends EventType>(
    type: T,
    payload: EventPayloadInput<T>,
    options?: { occurredAt?: Date },
  ): Promise<void>;
  // Registers users in the replica through real user.registered events.
  register(...users: TestUser[]): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions extends AppModuleOptions {
  archiveIntervalMs?: number;
  // More of svc-volunteer's own variables (e.g. the reminder lead times).
  config?: Record<string, string | number>;
  // Share a database/prefix with another instance (several replicas).
  db?: TestDatabase;
  prefix?: string;
}

export async function startVolunteerApp(options: StartOptions = {}): Promise<VolunteerTestApp> {
  const db = options.db ?? (await createTestDatabase('volunteer'));
  const config = testServiceConfig({
    DB_SCHEMA: 'volunteer',
    DATABASE_URL: db.url,
    ...(options.prefix ? { BULLMQ_PREFIX: options.prefix } : {}),
    ARCHIVE_INTERVAL_MS: options.archiveIntervalMs ?? 3_600_000,
    PUBLIC_URL: TEST_PUBLIC_URL,
    ...options.config,
  });
  const prefix = config.BULLMQ_PREFIX;
  const service = await startTestService(
    AppModule.forRoot({
      poolSize: options.poolSize,
      events: { pollIntervalMs: 200, ...options.events },
    }),
    config,
    { service: SERVICE },
  );
  const dataSource = service.app.get(DataSource);
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  await pg.query('SET search_path = volunteer, public');
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(eventQueueName(SERVICE), { connection: redis, prefix });

  const app: VolunteerTestApp = {
    service,
    db,
    prefix,
    sql: async <T>(text: string, params: unknown[] = []) =>
      (await pg.query(text, params)).rows as T[],
    api: <T>(method: string, path: string, { body, rawBody, ...rest }: ApiOptions = {}) =>
      callService<T>(service.url, method, path, { ...rest, json: body, body: rawBody }),
    async deliver(type, payload, { occurredAt } = {}) {
      const id = await enqueueEvent(queue, type, payload, { occurredAt });
      await waitFor(() => eventProcessed(dataSource, id), `event ${type} ${id} processed`);
    },
    async register(...users) {
      for (const { id, name, school, isAdmin, isSupervisor } of users)
        await app.deliver(
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
      redis.disconnect();
      await pg.end();
      await service.close();
      if (!options.db) {
        await db.drop();
        await clearRedisPrefix(prefix);
      }
    },
  };
  return app;
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
