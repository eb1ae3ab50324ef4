import { DynamicModule, Global, Module, type Provider, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule, getQueueToken, Processor } from '@nestjs/bullmq';
import type { Queue, WorkerOptions } from 'bullmq';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/service-config.token';
import { LOGGER } from '../logging/logger';
import { SERVICE_METRICS, type ServiceMetrics } from '../metrics/service-metrics';
import {
  DEFAULT_EVENT_CONCURRENCY,
  DEFAULT_LOCK_DURATION_MS,
  DEFAULT_MAX_STALLED_COUNT,
  DEFAULT_STALLED_INTERVAL_MS,
  EVENT_PROCESSOR_SETTINGS,
  EventProcessor,
  type EventProcessorSettings,
} from './event.processor';
import { DEFAULT_EVENT_ROUTING, eventQueueName, type EventRouting } from './event-routing';
import { OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
import { OutboxService } from './outbox.service';
import { outboxBacklog } from './outbox.repository';

export interface EventsModuleOptions {
  // This service's name as used in EVENT_CONSUMERS (e.g. 'svc-content'); required (@Processor
  // takes its queue name when the module is built), optional in the type so apps can pass overrides.
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
  // Tests shorten the lock and stalled check to play a consumer killed with an event in hand.
  worker?: Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'>;
  relayOptions?: Omit<OutboxRelayOptions, 'routing' | 'pollIntervalMs'>;
}

// The consumer of `events-<service>`: @Processor needs the queue name on the class itself.
function eventProcessorFor(service: string, options: EventsModuleOptions): Type<EventProcessor> {
  @Processor(eventQueueName(service), {
    concurrency: options.concurrency ?? DEFAULT_EVENT_CONCURRENCY,
    maxStalledCount: DEFAULT_MAX_STALLED_COUNT,
    lockDuration: DEFAULT_LOCK_DURATION_MS,
    stalledInterval: DEFAULT_STALLED_INTERVAL_MS,
    ...options.worker,
    // Started by EventProcessor once the handlers are known.
    autorun: false,
  })
  class ServiceEventProcessor extends EventProcessor {}
  return ServiceEventProcessor;
}

// The outbox backlog (rows not yet relayed, age of the oldest) and the depth of every event queue
// this service publishes to. Every producer reports the queues it feeds, so a queue may appear
// under several services: dashboards and alerts take max by (queue).
function trackOutbox(metrics: ServiceMetrics, dataSource: DataSource, queues: Queue[]): void {
  for (const queue of queues) metrics.trackQueue(queue);
  const pending = metrics.gauge({
    name: 'outbox_pending_events',
    help: 'Outbox rows committed but not yet relayed to BullMQ',
  });
  const oldest = metrics.gauge({
    name: 'outbox_oldest_pending_seconds',
    help: 'Age of the oldest outbox row not yet relayed (0 when none)',
  });
  metrics.onCollect(async () => {
    const backlog = await outboxBacklog(dataSource);
    pending.set(backlog.pending);
    oldest.set(backlog.oldest);
  });
}

// Outbox, relay and consumer of one service on @nestjs/bullmq (DESIGN rule 5). Also the app's one
// BullModule.forRootAsync (REDIS_URL, BULLMQ_PREFIX), which the services' job queues share.
@Global()
@Module({})
export class EventsModule {
  static forRoot(options: EventsModuleOptions): DynamicModule {
    const { service } = options;
    if (!service) throw new Error('EventsModule.forRoot needs the service name');
    const routing = options.routing ?? DEFAULT_EVENT_ROUTING;
    const imports: DynamicModule['imports'] = [
      DiscoveryModule,
      BullModule.forRootAsync({
        inject: [SERVICE_CONFIG],
        useFactory: (config: ServiceConfig) => ({
          connection: { url: config.REDIS_URL },
          prefix: config.BULLMQ_PREFIX,
        }),
      }),
    ];
    const providers: Provider[] = [OutboxService, ...(options.handlers ?? [])];

    // The relay writes to the queue of every service that consumes anything.
    const consumers = options.relay === false ? [] : [...new Set(Object.values(routing).flat())];
    // With no queue to register this still brings in BullModule's processor explorer.
    imports.push(BullModule.registerQueue(...consumers.map((c) => ({ name: eventQueueName(c) }))));
    if (options.relay !== false) {
      providers.push({
        provide: OutboxRelay,
        inject: [
          DataSource,
          LOGGER,
          SERVICE_METRICS,
          ...consumers.map((c) => getQueueToken(eventQueueName(c))),
        ],
        useFactory: (
          dataSource: DataSource,
          logger: Logger,
          metrics: ServiceMetrics,
          ...queues: Queue[]
        ) => {
          trackOutbox(metrics, dataSource, queues);
          return new OutboxRelay(
            dataSource,
            new Map(consumers.map((c, i) => [c, queues[i]!])),
            { ...options.relayOptions, routing, pollIntervalMs: options.pollIntervalMs },
            logger.child({ component: 'outbox-relay' }),
          );
        },
      });
    }
    if (options.consumer !== false) {
      const settings: EventProcessorSettings = { service, routing };
      providers.push(
        { provide: EVENT_PROCESSOR_SETTINGS, useValue: settings },
        { provide: EventProcessor, useClass: eventProcessorFor(service, options) },
      );
    }
    return {
      module: EventsModule,
      imports,
      providers,
      exports: [OutboxService],
    };
  }
}
