import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { logRedisOutages, settleWithin } from '../redis/redis';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { schemaOf } from '../database/create-data-source';
import {
  isEventType,
  parseDomainEvent,
  type DomainEvent,
  type EventPayload,
  type EventType,
} from '@district/contracts';
import {
  DEFAULT_EVENT_ROUTING,
  eventQueueName,
  eventTypesFor,
  type EventRouting,
} from './event-routing';

export interface EventContext<T extends EventType = EventType> {
  // The transaction that also records the event as processed: write through it.
  manager: EntityManager;
  event: DomainEvent<T>;
}

export type EventHandlerFn<T extends EventType = EventType> = (
  payload: EventPayload<T>,
  context: EventContext<T>,
) => Promise<void>;

// A handler table for the plain (non-Nest) consumer: one entry per routed type.
export type EventHandlerTable = { [T in EventType]?: EventHandlerFn<T> };

export interface EventConsumerOptions {
  // This service's name as used in EVENT_CONSUMERS (e.g. 'svc-content').
  service: string;
  dataSource: DataSource;
  redisUrl: string;
  prefix: string;
  handlers: ReadonlyMap<string, EventHandlerFn<never>> | EventHandlerTable;
  routing?: EventRouting;
  logger?: Logger;
  // 1 keeps a single replica's events in order; idempotency does not depend on it.
  concurrency?: number;
  // How long a worker's hold on an event lasts unrenewed (renewed every half of it while the
  // handler runs), and how often a worker looks for events whose worker died.
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  // How many times an event may be left behind by a dying consumer before it is failed for good.
  maxStalledCount?: number;
}

// BullMQ's default is 1: a consumer killed twice with the same event in hand (a crash loop, two
// deploys in a row) would fail that event without applying it, and nothing retries a failed job.
// Handlers are idempotent, so redelivering is always safe; the bound only stops an event that
// kills every worker from doing so forever (the same budget as a handler that throws).
export const DEFAULT_MAX_STALLED_COUNT = 10;
// BullMQ's 30 s each left an event in hand at a crash waiting 60-90 s after the restart; with
// these it comes back within ~20 s. A lock lost to a long pause only means an early redelivery,
// which processed_events turns into a no-op.
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

// A BullMQ worker on `events-<service>`: each event runs in one transaction with its
// processed_events row, so a redelivered event changes nothing.
export class EventConsumer {
  private readonly handlers: Map<string, EventHandlerFn<never>>;
  private readonly schema: string;
  private worker?: Worker<DomainEvent>;
  private connection?: Redis;

  constructor(private readonly options: EventConsumerOptions) {
    this.handlers =
      options.handlers instanceof Map
        ? new Map(options.handlers)
        : new Map(Object.entries(options.handlers as Record<string, EventHandlerFn<never>>));
    checkHandlers(options.service, this.handlers.keys(), options.routing ?? DEFAULT_EVENT_ROUTING);
    this.schema = schemaOf(options.dataSource);
  }

  get queueName(): string {
    return eventQueueName(this.options.service);
  }

  async start(): Promise<void> {
    if (this.worker || this.handlers.size === 0) return;
    // Workers block on Redis, which needs unlimited retries per request.
    this.connection = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
    logRedisOutages(this.connection, this.options.logger, `event consumer ${this.queueName}`);
    this.worker = new Worker<DomainEvent>(this.queueName, (job) => this.processJob(job), {
      connection: this.connection,
      prefix: this.options.prefix,
      concurrency: this.options.concurrency ?? 1,
      maxStalledCount: this.options.maxStalledCount ?? DEFAULT_MAX_STALLED_COUNT,
      lockDuration: this.options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS,
      stalledInterval: this.options.stalledIntervalMs ?? DEFAULT_STALLED_INTERVAL_MS,
    });
    this.worker.on('error', (error: Error) => {
      // While Redis is away, logRedisOutages has already said so once.
      if (this.connection?.status === 'ready')
        this.options.logger?.warn({ err: error }, 'event consumer error');
    });
    this.worker.on('failed', (job, error) =>
      this.options.logger?.error(
        { err: error, eventId: job?.data.id, type: job?.data.type, attempts: job?.attemptsMade },
        'event handler failed',
      ),
    );
    await this.worker.waitUntilReady();
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) {
      // Lets the job in hand finish (its transaction commits or rolls back) before closing,
      // but never waits forever for a Redis that is gone.
      if (this.connection?.status === 'ready') await settleWithin(worker.close(), 10_000);
      else await settleWithin(worker.close(true), 1_000);
    }
    this.connection?.disconnect();
    this.connection = undefined;
  }

  private async processJob(job: Job<DomainEvent>): Promise<void> {
    let event: DomainEvent;
    try {
      event = parseDomainEvent(job.data);
    } catch (error) {
      // A payload that breaks the contract will not get better with retries; keep it as failed.
      throw new UnrecoverableError(
        `invalid event ${job.id}: ${error instanceof Error ? error.message : error}`,
      );
    }
    const applied = await this.process(event);
    this.options.logger?.debug(
      { eventId: job.data.id, type: job.data.type, applied },
      'event processed',
    );
  }

  // Applies one event; false when it had already been processed (a repeat changes nothing).
  async process(event: DomainEvent): Promise<boolean> {
    const handler = isEventType(event.type) ? this.handlers.get(event.type) : undefined;
    // Not retried: no later attempt can succeed. The job stays in the failed set.
    if (!handler)
      throw new UnrecoverableError(`${this.options.service} has no handler for "${event.type}"`);
    return this.options.dataSource.transaction(async (manager) => {
      // A concurrent duplicate waits here on the key, then sees the conflict and skips.
      const inserted: unknown[] = await manager.query(
        `INSERT INTO "${this.schema}"."processed_events" ("event_id", "type") VALUES ($1, $2)
           ON CONFLICT ("event_id") DO NOTHING RETURNING "event_id"`,
        [event.id, event.type],
      );
      if (inserted.length === 0) return false;
      await (handler as EventHandlerFn)(event.payload, { manager, event });
      return true;
    });
  }
}
