import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Module, type Type } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Redis } from 'ioredis';
import {
  callService,
  clearRedisPrefix,
  createTestDatabase,
  startTestService,
  testServiceConfig,
  testRedisUrl,
  type ApiResponse,
  type RequestOptions,
  type TestDatabase,
  type TestService,
} from '@district/service-kit/testing';
import { AppModule, SERVICE } from '../../src/app.module';
import type { AuthConfig } from '../../src/auth.config';
import { MailSink } from './mail-sink';

// svc-auth's fixtures for the kit's harness (createTestDatabase, testServiceConfig,
// startTestService, callService): its config, its session cookie, a mail sink, an avatar folder
// and a valid registration.

export const PUBLIC_URL = 'http://district.test:8080';

// Response bodies are checked by the assertions, not by the type system.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

// svc-auth's own calls also carry the browser's session cookie, and see redirects and cookies.
export interface AuthRequestOptions extends RequestOptions {
  // The `sid` session cookie to send.
  sid?: string;
}

export interface AuthResponse<T = Json> extends ApiResponse<T> {
  // The `sid` the answer set, if any.
  sid: string | undefined;
  setCookie: string[];
}

// svc-auth as production starts it (AppModule.forRoot) on a fresh test database, with its own
// Redis prefix, a real SMTP sink and a temporary avatar folder; close() undoes all of it. The
// specs' one way to start the service.
export interface AuthTestService {
  database: TestDatabase;
  config: AuthConfig;
  service: TestService;
  db: DataSource;
  redis: Redis;
  mail: MailSink;
  avatarDir: string;
  request<T = Json>(
    method: string,
    path: string,
    options?: AuthRequestOptions,
  ): Promise<AuthResponse<T>>;
  close(): Promise<void>;
}

// `controllers`: test-only routes mounted beside svc-auth's own (e.g. a role-guarded probe).
export async function startAuthService(
  extra: Partial<AuthConfig> = {},
  options: {
    controllers?: Type<unknown>[];
    // Rewrites the test database's URL the service connects to (e.g. through a proxy a test controls).
    databaseUrl?: (url: string) => string;
  } = {},
): Promise<AuthTestService> {
  const database: TestDatabase = await createTestDatabase('auth');
  const mail = new MailSink();
  const smtpUrl = await mail.start();
  const avatarDir = await mkdtemp(join(tmpdir(), 'svc-auth-avatars-'));
  const config = testServiceConfig({
    DB_SCHEMA: 'auth',
    DATABASE_URL: options.databaseUrl ? options.databaseUrl(database.url) : database.url,
    PUBLIC_URL,
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'District Volunteers <no-reply@district.test>',
    AVATAR_DIR: avatarDir,
    // Suites register many users from one address; the rate-limit and one-address suites set
    // their own limits.
    RATE_LIMIT_PER_MINUTE: 10_000,
    REGISTRATIONS_PER_MINUTE: 10_000,
    REGISTRATIONS_PER_DAY: 1_000_000,
    SCHOOL_NETWORKS: [],
    ...extra,
  }) as AuthConfig;
  const root = options.controllers
    ? {
        module: AuthTestRootModule,
        imports: [AppModule.forRoot()],
        controllers: options.controllers,
      }
    : AppModule.forRoot();
  const service = await startTestService(root, config, { service: SERVICE });
  const db = service.app.get(DataSource);
  const redis = new Redis(testRedisUrl());
  return {
    database,
    config,
    service,
    db,
    redis,
    mail,
    avatarDir,
    request: (method, path, requestOptions) => callAuth(service.url, method, path, requestOptions),
    async close() {
      await service.close();
      redis.disconnect();
      await mail.stop();
      await clearRedisPrefix(config.BULLMQ_PREFIX);
      await database.drop();
      await rm(avatarDir, { recursive: true, force: true });
    },
  };
}

// The kit's call with the session cookie in and out; redirects are answers to check, not follow.
async function callAuth<T>(
  baseUrl: string,
  method: string,
  path: string,
  { sid, ...options }: AuthRequestOptions = {},
): Promise<AuthResponse<T>> {
  const headers = { ...options.headers, ...(sid ? { cookie: `sid=${sid}` } : {}) };
  const response = await callService<T>(baseUrl, method, path, {
    ...options,
    headers,
    redirect: 'manual',
  });
  const setCookie = response.headers.getSetCookie();
  const sidCookie = setCookie.find((c) => c.startsWith('sid='));
  return {
    ...response,
    sid: sidCookie ? decodeURIComponent(sidCookie.slice(4).split(';')[0]) : undefined,
    setCookie,
  };
}

@Module({})
class AuthTestRootModule {}

let counter = 0;

// A valid registration body; override any field.
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const username = `student${Date.now().toString(36)}${counter}`;
  return {
    username,
    password: 'correct horse battery',
    name: 'Ada Student',
    email: `${username}@example.org`,
    school: 'Jesuit High School',
    grade: 10,
    serviceHours: 4.5,
    ...overrides,
  };
}
