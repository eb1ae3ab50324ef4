import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { eventQueueName, type EventPayloadInput, type EventType } from '@district/contracts';
import {
  clearRedisPrefix,
  createTestDatabase,
  identityHeader,
  startTestService,
  testServiceConfig,
  type TestDatabase,
  type TestService,
} from '@district/service-kit/testing';
import { AppModule, SERVICE, type AppModuleOptions } from '../../src/app.module';

// Where calendar feed addresses point in tests.
export const TEST_PUBLIC_URL = 'https://volunteer.test';

export interface TestUser {
  id: number;
  isAdmin?: boolean;
  isSupervisor?: boolean;
  name?: string;
  school?: string;
}

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

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Record<string, string>;
}

export interface ApiOptions {
  as?: TestUser;
  body?: unknown;
  // Raw body text (malformed JSON, for instance) instead of JSON.stringify(body).
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
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  await pg.query('SET search_path = volunteer, public');
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(eventQueueName(SERVICE), { connection: redis, prefix });

  const sql = async <T>(text: string, params: unknown[] = []): Promise<T[]> => {
    return (await pg.query(text, params)).rows as T[];
  };

  const api = async <T>(
    method: string,
    path: string,
    opts: ApiOptions = {},
  ): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.as) headers['x-identity'] = identityHeader(opts.as)['x-identity'];
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined && !headers['content-type'])
      headers['content-type'] = 'application/json';
    const response = await fetch(`${service.url}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // keep the text
    }
    return {
      status: response.status,
      body: parsed as T,
      text,
      headers: Object.fromEntries(response.headers.entries()),
    };
  };

  const deliver = async <T extends EventType>(
    type: T,
    payload: EventPayloadInput<T>,
    { occurredAt = new Date() }: { occurredAt?: Date } = {},
  ): Promise<void> => {
    const id = randomUUID();
    await queue.add(
      type,
      { id, type, payload, occurredAt: occurredAt.toISOString() },
      { jobId: id },
    );
    await waitFor(
      async () =>
        (await sql(`SELECT 1 FROM processed_events WHERE event_id = $1`, [id])).length > 0,
      {
        message: `event ${type} ${id} was not processed`,
      },
    );
  };

  const register = async (...users: TestUser[]): Promise<void> => {
    for (const user of users) {
      await deliver('user.registered', {
        id: user.id,
        name: user.name ?? `User ${user.id}`,
        school: user.school ?? 'Jesuit High School',
        grade: 10,
        avatarUrl: null,
        isAdmin: user.isAdmin ?? false,
        isSupervisor: user.isSupervisor ?? false,
      });
    }
  };

  return {
    service,
    db,
    prefix,
    sql,
    api,
    deliver,
    register,
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
}

export async function waitFor(
  check: () => Promise<boolean>,
  { timeoutMs = 10_000, intervalMs = 50, message = 'condition not met in time' } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(message);
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
