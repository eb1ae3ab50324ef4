import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Module, type Type } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Redis } from 'ioredis';
import {
  clearRedisPrefix,
  createTestDatabase,
  startTestService,
  testServiceConfig,
  testRedisUrl,
  type TestDatabase,
  type TestService,
} from '@district/service-kit/testing';
import { AppModule } from '../../src/app.module';
import type { AuthConfig } from '../../src/auth.config';
import { makeClient, type Client } from './http-client';
import { MailSink } from './mail-sink';

export const PUBLIC_URL = 'http://district.test:8080';

export interface AuthHarness {
  service: TestService;
  api: Client;
  config: AuthConfig;
  db: DataSource;
  redis: Redis;
  mail: MailSink;
  avatarDir: string;
  close(): Promise<void>;
}

// svc-auth as production runs it (startTestService → createServiceApp) against a fresh database,
// its own Redis prefix, a real SMTP sink and a temporary avatar folder.
// `controllers`: test-only routes mounted beside svc-auth's own (e.g. a role-guarded probe).
export async function startAuthService(
  extra: Partial<AuthConfig> = {},
  options: {
    controllers?: Type<unknown>[];
    // Rewrites the test database's URL the service connects to (e.g. through a proxy a test controls).
    databaseUrl?: (url: string) => string;
  } = {},
): Promise<AuthHarness> {
  const database: TestDatabase = await createTestDatabase('auth');
  const mail = new MailSink();
  const smtpUrl = await mail.start();
  const avatarDir = await mkdtemp(join(tmpdir(), 'svc-auth-avatars-'));
  const config = testServiceConfig({
    DB_SCHEMA: 'auth',
    DATABASE_URL: options.databaseUrl ? options.databaseUrl(database.url) : database.url,
    PUBLIC_URL,
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'District Volunteering <no-reply@district.test>',
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
  const service = await startTestService(root, config, { service: 'svc-auth' });
  const db = service.app.get(DataSource);
  const redis = new Redis(testRedisUrl());
  return {
    service,
    api: makeClient(service.url),
    config,
    db,
    redis,
    mail,
    avatarDir,
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
