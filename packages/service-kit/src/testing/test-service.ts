import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServiceConfig } from '../config/service-config';
import {
  createServiceApp,
  serviceNameOf,
  type CreateServiceAppOptions,
} from '../bootstrap/create-service-app';
import { createLogger } from '../logging/logger';
import { DEFAULT_TEST_DATABASE_URL } from './test-database';
import { TEST_IDENTITY_SECRET } from './test-identity';
import { testRedisPrefix, testRedisUrl } from './test-redis';

// A complete ServiceConfig for tests: listen on a free port, migrate on start, quiet logs.
export function testServiceConfig<E extends object = object>(
  overrides: Partial<ServiceConfig> & E & { DB_SCHEMA: string },
): ServiceConfig & E {
  return {
    PORT: 0,
    HOST: '127.0.0.1',
    DATABASE_URL:
      process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL,
    REDIS_URL: testRedisUrl(),
    BULLMQ_PREFIX: testRedisPrefix(),
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    MIGRATE_ON_START: true,
    TRACING: true,
    // The test's own requests come from loopback and act as the gateway.
    TRUSTED_PROXIES: ['127.0.0.1', '::1'],
    LOG_LEVEL: (process.env.TEST_LOG_LEVEL as ServiceConfig['LOG_LEVEL'] | undefined) ?? 'silent',
    ...overrides,
  };
}

export interface TestService {
  app: NestFastifyApplication;
  // e.g. http://127.0.0.1:41234 (no trailing slash)
  url: string;
  close(): Promise<void>;
}

// Boots a service module exactly as production does (createServiceApp) on a free port.
export async function startTestService(
  appModule: Type<unknown> | DynamicModule,
  config: ServiceConfig,
  options: CreateServiceAppOptions = {},
): Promise<TestService> {
  const service = serviceNameOf(config, options.service);
  const logger = options.logger ?? createLogger({ service, level: config.LOG_LEVEL });
  const app = await createServiceApp(appModule, config, { ...options, service, logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  if (!address || typeof address !== 'object') throw new Error('test service is not listening');
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    close: () => app.close(),
  };
}
