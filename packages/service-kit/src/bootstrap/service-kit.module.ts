import {
  DynamicModule,
  Global,
  Inject,
  Module,
  type OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DataSource } from 'typeorm';
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
import { MetricsServer } from '../metrics/metrics.server';
import { SERVICE_METRICS, ServiceMetrics } from '../metrics/service-metrics';
import { SPAN_EXPORT, type SpanExport } from '../tracing/span-export';

export const SERVICE_NAME = Symbol('service-kit:service-name');

export interface ServiceKitModuleOptions {
  service: string;
  config: ServiceConfig;
  logger: Logger;
  redis: Redis;
  metrics: ServiceMetrics;
  // Present only with OTEL_EXPORTER_OTLP_ENDPOINT.
  spans?: SpanExport;
}

interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

// Wraps every service's AppModule: config, logger, Redis, identity guards, validation, error
// filter, health.
@Global()
@Module({})
export class ServiceKitModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private metricsServer?: MetricsServer;
  // Where /metrics answers once the app is up (tests read it); undefined without METRICS_PORT.
  metricsUrl?: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_METRICS) private readonly metrics: ServiceMetrics,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly moduleRef: ModuleRef,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.trackDatabasePool();
    if (this.config.METRICS_PORT === undefined) return;
    this.metricsServer = new MetricsServer(this.metrics, this.logger);
    this.metricsUrl = await this.metricsServer.listen(this.config.METRICS_PORT, this.config.HOST);
  }

  // pg's pool behind TypeORM: connections in use and requests waiting for one.
  private trackDatabasePool(): void {
    let dataSource: DataSource;
    try {
      dataSource = this.moduleRef.get(DataSource, { strict: false });
    } catch {
      return; // a service without a database
    }
    const pool = this.metrics.gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle, waiting requests)',
      labelNames: ['state'],
    });
    this.metrics.onCollect(() => {
      const master = (dataSource.driver as unknown as { master?: PgPool }).master;
      if (!master) return;
      pool.set({ state: 'in_use' }, master.totalCount - master.idleCount);
      pool.set({ state: 'idle' }, master.idleCount);
      pool.set({ state: 'waiting' }, master.waitingCount);
    });
  }

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
        { provide: SERVICE_METRICS, useValue: options.metrics },
        { provide: SPAN_EXPORT, useValue: options.spans ?? null },
        IdentityStrategy,
        // Order matters: identity first, then roles.
        { provide: APP_GUARD, useClass: IdentityGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        // nestjs-zod DTOs (createZodDto) on @Body/@Query/@Param are validated here, once.
        { provide: APP_PIPE, useClass: ApiValidationPipe },
      ],
      exports: [SERVICE_NAME, SERVICE_CONFIG, LOGGER, REDIS, SERVICE_METRICS, SPAN_EXPORT],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.metricsServer?.close();
    // quit() waits for a connection that may never come back; disconnect() does not.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}
