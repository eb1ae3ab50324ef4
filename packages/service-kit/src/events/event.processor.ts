import { Inject, Optional, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { OnWorkerEvent } from '@nestjs/bullmq';
import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import { DataSource, type EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import {
  isEventType,
  parseDomainEvent,
  type DomainEvent,
  type EventPayload,
  type EventType,
} from '@district/contracts';
import { withTransaction } from '../database/with-transaction';
import { markProcessed } from './outbox.repository';
import { isDependencyOutage } from '../errors/dependency-outage';
import { LOGGER } from '../logging/logger';
import { SERVICE_METRICS, type ServiceMetrics } from '../metrics/service-metrics';
import type { Histogram } from 'prom-client';
import { eventTypesFor, type EventRouting } from './event-routing';
import { HANDLE_EVENT_KEY } from './handle-event.decorator';
import { ClosingWorkerHost } from './worker-host';
import { continueTrace, runInTrace } from '../tracing/trace-context';
import { SPAN_EXPORT, type SpanExport } from '../tracing/span-export';

export interface EventContext<T extends EventType = EventType> {
  // The transaction that also records the event as processed: write through it.
  manager: EntityManager;
  event: DomainEvent<T>;
}

export type EventHandlerFn<T extends EventType = EventType> = (
  payload: EventPayload<T>,
  context: EventContext<T>,
) => Promise<void>;

// Worker settings of every event queue (DESIGN rule 5, decisions "An event survives its consumer
// being killed"). 1 keeps a single replica's events in order; idempotency does not depend on it.
export const DEFAULT_EVENT_CONCURRENCY = 1;
// BullMQ's default is 1: a consumer killed twice with the same event in hand would fail that event
// without applying it, and nothing retries a failed job. Handlers are idempotent, so redelivering
// is always safe; the bound only stops an event that kills every worker (the retry budget).
export const DEFAULT_MAX_STALLED_COUNT = 10;
// BullMQ's 30 s left an event in hand at a crash waiting 60-90 s after the restart; with these it
// comes back within ~20 s. A lock lost to a long pause only means an early redelivery.
export const DEFAULT_LOCK_DURATION_MS = 10_000;
export const DEFAULT_STALLED_INTERVAL_MS = 5_000;

// Every routed event type needs exactly one handler, and nothing else may be handled: a typo or a
// forgotten handler fails the start instead of silently dropping events.
export function checkHandlers(
  service: string,
  handled: Iterable<string>,
  routing: EventRouting,
): void {
  const expected = new Set(eventTypesFor(service, routing));
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const type of handled) {
    if (seen.has(type)) problems.push(`more than one handler for "${type}"`);
    seen.add(type);
    if (!expected.has(type))
      problems.push(`handler for "${type}", which is not routed to ${service}`);
  }
  for (const type of expected) if (!seen.has(type)) problems.push(`no handler for "${type}"`);
  if (problems.length > 0) throw new Error(`${service} event handlers: ${problems.join('; ')}`);
}

export const EVENT_PROCESSOR_SETTINGS = Symbol('service-kit:event-processor');
export interface EventProcessorSettings {
  service: string;
  routing: EventRouting;
}

// The consumer of `events-<service>`: EventsModule gives it its @Processor queue. Each event runs
// in one transaction with its processed_events row, so a redelivered event changes nothing.
export class EventProcessor
  extends ClosingWorkerHost
  implements OnModuleInit, OnApplicationBootstrap
{
  private readonly handlers = new Map<string, EventHandlerFn<never>>();
  private redisDown = false;
  private readonly processing: Histogram<'type' | 'outcome'>;

  constructor(
    @Inject(EVENT_PROCESSOR_SETTINGS) private readonly settings: EventProcessorSettings,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly dataSource: DataSource,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(SERVICE_METRICS) metrics: ServiceMetrics,
    // Absent in apps built without the kit module (tests wiring EventsModule alone).
    @Optional() @Inject(SPAN_EXPORT) private readonly spans?: SpanExport | null,
  ) {
    super();
    this.processing = metrics.histogram({
      name: 'event_processing_seconds',
      help: 'Time a consumer took per event, by event type and outcome (applied, repeat, failed)',
      labelNames: ['type', 'outcome'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    });
  }

  // Collects the app's @HandleEvent methods; a missing or extra handler fails the start.
  async onModuleInit(): Promise<void> {
    const found: string[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      for (const method of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const fn = instance[method];
        if (typeof fn !== 'function') continue;
        const type = this.reflector.get<string | undefined>(HANDLE_EVENT_KEY, fn as () => unknown);
        if (!type) continue;
        found.push(type);
        this.handlers.set(type, (fn as EventHandlerFn<never>).bind(instance));
      }
    }
    try {
      checkHandlers(this.settings.service, found, this.settings.routing);
    } catch (error) {
      // A worker BullModule already registered would outlive the failed start.
      await (this as unknown as { _worker?: Worker })._worker?.close(true);
      throw error;
    }
  }

  // The worker is created with autorun off so no event arrives before the handlers are known.
  // Not awaited: a Redis that is down must not hold the start hostage; /health/ready reports it.
  onApplicationBootstrap(): void {
    this.worker
      .run()
      .catch((error: unknown) => this.logger.error({ err: error }, 'event consumer stopped'));
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job<DomainEvent> | undefined, error: Error): void {
    this.logger.error(
      { err: error, eventId: job?.data?.id, type: job?.data?.type, attempts: job?.attemptsMade },
      'event handler failed',
    );
  }

  // One line per Redis outage, not one per reconnect attempt.
  @OnWorkerEvent('error')
  onError(error: Error): void {
    if (!isDependencyOutage(error)) this.logger.warn({ err: error }, 'event consumer error');
    else if (!this.redisDown) this.logger.warn({ err: error }, 'event consumer: Redis unavailable');
    this.redisDown ||= isDependencyOutage(error);
  }

  @OnWorkerEvent('active')
  onActive(): void {
    this.redisDown = false;
  }

  async process(job: Job<DomainEvent>): Promise<void> {
    let event: DomainEvent;
    try {
      event = parseDomainEvent(job.data);
    } catch (error) {
      // A payload that breaks the contract will not get better with retries; keep it as failed.
      throw new UnrecoverableError(
        `invalid event ${job.id}: ${error instanceof Error ? error.message : error}`,
      );
    }
    // The consumer's work (and its log lines, and events it writes) joins the writer's trace.
    const context = continueTrace(event.traceparent, event.id);
    const endSpan = this.spans?.start(`process ${event.type}`, context, 'consumer', {
      'messaging.destination.name': this.settings.service,
      'messaging.message.id': event.id,
    });
    try {
      await runInTrace(context, () => this.processTraced(event));
    } catch (error) {
      endSpan?.({}, true);
      throw error;
    }
    endSpan?.();
  }

  private async processTraced(event: DomainEvent): Promise<void> {
    const end = this.processing.startTimer({ type: event.type });
    let applied: boolean;
    try {
      applied = await this.apply(event);
    } catch (error) {
      end({ outcome: 'failed' });
      throw error;
    }
    end({ outcome: applied ? 'applied' : 'repeat' });
    this.logger.debug({ eventId: event.id, type: event.type, applied }, 'event processed');
  }

  // Applies one event; false when it had already been processed (a repeat changes nothing).
  async apply(event: DomainEvent): Promise<boolean> {
    const handler = isEventType(event.type) ? this.handlers.get(event.type) : undefined;
    // Not retried: no later attempt can succeed. The job stays in the failed set.
    if (!handler)
      throw new UnrecoverableError(`${this.settings.service} has no handler for "${event.type}"`);
    return withTransaction(this.dataSource, async (manager) => {
      if (!(await markProcessed(manager, event))) return false;
      await (handler as EventHandlerFn)(event.payload, { manager, event });
      return true;
    });
  }
}
