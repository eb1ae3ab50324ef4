import {
  BeforeApplicationShutdown,
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationBootstrap,
  OnModuleInit,
  type Type,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/service-config.token';
import { SERVICE_NAME } from '../bootstrap/service-kit.module';
import { LOGGER } from '../logging/logger';
import { EventConsumer, type EventHandlerFn } from './event-consumer';
import type { EventRouting } from './event-routing';
import { HANDLE_EVENT_KEY } from './handle-event.decorator';
import { OutboxRelay } from './outbox-relay';
import { OutboxService } from './outbox.service';

export interface EventsModuleOptions {
  // Defaults to the service name given to createServiceApp (svc-<DB_SCHEMA>).
  service?: string;
  // Handler classes to register here; handlers elsewhere in the app are discovered too.
  handlers?: Type<unknown>[];
  // Turn off the relay (a service that never produces) or the consumer (no handler check then).
  relay?: boolean;
  consumer?: boolean;
  concurrency?: number;
  pollIntervalMs?: number;
  // Tests may swap the routing table; production uses EVENT_CONSUMERS from contracts.
  routing?: EventRouting;
}

const EVENTS_OPTIONS = Symbol('service-kit:events-options');

// Owns the relay and the consumer of one service and ties them to the Nest lifecycle.
@Injectable()
export class EventsRuntime
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown
{
  relay?: OutboxRelay;
  consumer?: EventConsumer;

  constructor(
    @Inject(EVENTS_OPTIONS) private readonly options: EventsModuleOptions,
    @Inject(SERVICE_NAME) private readonly serviceName: string,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly dataSource: DataSource,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  get service(): string {
    return this.options.service ?? this.serviceName;
  }

  onModuleInit(): void {
    const handlers = new Map<string, EventHandlerFn<never>>();
    const duplicates: string[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const fn = instance[method];
        if (typeof fn !== 'function') continue;
        const type = this.reflector.get<string | undefined>(HANDLE_EVENT_KEY, fn as () => unknown);
        if (!type) continue;
        if (handlers.has(type)) duplicates.push(type);
        handlers.set(type, (fn as EventHandlerFn<never>).bind(instance));
      }
    }
    if (duplicates.length > 0) {
      throw new Error(
        `${this.service} event handlers: more than one handler for "${duplicates.join('", "')}"`,
      );
    }
    const logger = this.logger.child({ component: 'events' });
    // Constructing the consumer checks one handler per routed type, failing the start otherwise.
    if (this.options.consumer !== false) {
      this.consumer = new EventConsumer({
        service: this.service,
        dataSource: this.dataSource,
        redisUrl: this.config.REDIS_URL,
        prefix: this.config.BULLMQ_PREFIX,
        handlers,
        routing: this.options.routing,
        concurrency: this.options.concurrency,
        logger,
      });
    }
    if (this.options.relay !== false) {
      this.relay = new OutboxRelay({
        dataSource: this.dataSource,
        redisUrl: this.config.REDIS_URL,
        prefix: this.config.BULLMQ_PREFIX,
        routing: this.options.routing,
        pollIntervalMs: this.options.pollIntervalMs,
        logger,
      });
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.relay?.start();
    // Not awaited: a Redis that is down at start must not hold the HTTP side hostage; the
    // worker connects when Redis answers and /health/ready reports it meanwhile.
    void this.consumer
      ?.start()
      .catch((error: unknown) =>
        this.logger.error({ err: error }, 'event consumer failed to start'),
      );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([this.relay?.stop(), this.consumer?.stop()]);
  }
}

@Global()
@Module({})
export class EventsModule {
  static forRoot(options: EventsModuleOptions = {}): DynamicModule {
    return {
      module: EventsModule,
      imports: [DiscoveryModule],
      providers: [
        { provide: EVENTS_OPTIONS, useValue: options },
        OutboxService,
        EventsRuntime,
        ...(options.handlers ?? []),
      ],
      exports: [OutboxService, EventsRuntime],
    };
  }
}
