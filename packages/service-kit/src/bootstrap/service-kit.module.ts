import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import type { Logger } from 'pino';
import type { Redis } from 'ioredis';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/service-config.token';
import { HttpErrorFilter } from '../errors/http-error.filter';
import { HealthController } from '../health/health.controller';
import { IdentityGuard } from '../identity/identity.guard';
import { IdentityStrategy } from '../identity/identity.strategy';
import { RolesGuard } from '../identity/roles.guard';
import { LOGGER } from '../logging/logger';
import { REDIS } from '../redis/redis';
import { ApiValidationPipe } from '../validation/zod-validation';

export const SERVICE_NAME = Symbol('service-kit:service-name');

export interface ServiceKitModuleOptions {
  service: string;
  config: ServiceConfig;
  logger: Logger;
  redis: Redis;
}

// Wraps every service's AppModule: config, logger, Redis, identity guards, validation, error
// filter, health.
@Global()
@Module({})
export class ServiceKitModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  static forRoot(options: ServiceKitModuleOptions): DynamicModule {
    return {
      module: ServiceKitModule,
      // No terminus logger: a Redis outage is already logged once by the kit, not per probe.
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: [HealthController],
      providers: [
        { provide: SERVICE_NAME, useValue: options.service },
        { provide: SERVICE_CONFIG, useValue: options.config },
        { provide: LOGGER, useValue: options.logger },
        { provide: REDIS, useValue: options.redis },
        IdentityStrategy,
        // Order matters: identity first, then roles.
        { provide: APP_GUARD, useClass: IdentityGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        // nestjs-zod DTOs (createZodDto) on @Body/@Query/@Param are validated here, once.
        { provide: APP_PIPE, useClass: ApiValidationPipe },
      ],
      exports: [SERVICE_NAME, SERVICE_CONFIG, LOGGER, REDIS],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    // quit() waits for a connection that may never come back; disconnect() does not.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}
