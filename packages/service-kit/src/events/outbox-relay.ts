import { type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { JobsOptions, Queue } from 'bullmq';

import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { DomainEvent } from '@district/contracts';
import { schemaOf } from '../database/create-data-source';
import { DEFAULT_EVENT_ROUTING, type EventRouting } from './event-routing';
import { withTransaction } from '../database/with-transaction';
import {
  claimUnpublished,
  listenForOutbox,
  markPublished,
  outboxListenerClient,
  type OutboxListener,
  type OutboxRow,
} from './outbox.repository';

export interface OutboxRelayOptions {
  routing?: EventRouting;
  // Safety net beside the NOTIFY wake-up (rows written by another replica's commit, lost notices).
  pollIntervalMs?: number;
  batchSize?: number;
  // A Redis that does not answer in time rolls the batch back; it is retried on the next pass.
  publishTimeoutMs?: number;
  jobOptions?: JobsOptions;
}

// Retries with backoff, then kept in the failed set for inspection (DESIGN rule 5).
export const DEFAULT_EVENT_JOB_OPTIONS: JobsOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { count: 1_000, age: 24 * 3600 },
  removeOnFail: false,
};

function timeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

// Moves committed outbox rows into the queue of each consumer (`events-<consumer>`, injected by
// EventsModule), then marks them published. No maintained module does this part of the outbox
// pattern. Safe with several replicas: each pass locks its batch with FOR UPDATE SKIP LOCKED, and
// the job id is the event id, so BullMQ ignores a second add of the same event.
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly options: Required<OutboxRelayOptions>;
  private readonly schema: string;
  private listener?: OutboxListener;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private wakeAgain = false;
  private stopped = true;
  private lastFailure?: string;

  constructor(
    private readonly dataSource: DataSource,
    // Consumer service name → its event queue.
    private readonly queues: ReadonlyMap<string, Queue>,
    options: OutboxRelayOptions = {},
    private readonly logger?: Logger,
  ) {
    // `??` rather than a spread: an explicit undefined (e.g. from module options) keeps the default.
    this.options = {
      routing: options.routing ?? DEFAULT_EVENT_ROUTING,
      pollIntervalMs: options.pollIntervalMs ?? 200,
      batchSize: options.batchSize ?? 200,
      publishTimeoutMs: options.publishTimeoutMs ?? 5_000,
      jobOptions: options.jobOptions ?? DEFAULT_EVENT_JOB_OPTIONS,
    };
    this.schema = schemaOf(dataSource);
    // Connection errors surface as failed passes (reportFailure), once per outage.
    for (const queue of queues.values()) queue.on('error', () => undefined);
  }

  onApplicationBootstrap(): Promise<void> {
    return this.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.listen();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  // Runs a pass now (or right after the current one).
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.drain()
      .then(() => undefined)
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        } else {
          this.timer = setTimeout(() => this.wake(), this.options.pollIntervalMs);
        }
      });
  }

  // Publishes batches until nothing is left; returns how many rows it published.
  async drain(): Promise<number> {
    let total = 0;
    try {
      for (;;) {
        const count = await this.publishBatch();
        total += count;
        if (count < this.options.batchSize || this.stopped) break;
      }
      if (this.lastFailure) {
        this.logger?.info({ schema: this.schema }, 'outbox relay recovered');
        this.lastFailure = undefined;
      }
    } catch (error) {
      this.reportFailure('publish', error);
    }
    return total;
  }

  private publishBatch(): Promise<number> {
    // Rolled back when Redis fails or times out: the rows stay unpublished for the next pass.
    return withTransaction(this.dataSource, async (manager) => {
      const rows = await claimUnpublished(manager, this.options.batchSize);
      if (rows.length === 0) return 0;
      await timeout(this.enqueue(rows), this.options.publishTimeoutMs, 'publishing to Redis');
      await markPublished(
        manager,
        rows.map((row) => row.id),
      );
      return rows.length;
    });
  }

  private async enqueue(rows: OutboxRow[]): Promise<void> {
    const perConsumer = new Map<Queue, OutboxRow[]>();
    for (const row of rows) {
      const consumers = this.options.routing[row.type];
      if (!consumers)
        this.logger?.warn({ id: row.id, type: row.type }, 'outbox event type has no route');
      for (const consumer of consumers ?? []) {
        const queue = this.queues.get(consumer);
        if (!queue) throw new Error(`outbox relay has no queue for ${consumer}`);
        perConsumer.set(queue, [...(perConsumer.get(queue) ?? []), row]);
      }
    }
    await Promise.all(
      [...perConsumer].map(([queue, list]) =>
        queue.addBulk(
          list.map((row) => {
            const data = {
              id: row.id,
              type: row.type,
              payload: row.payload,
              occurredAt: new Date(row.created_at).toISOString(),
              ...(row.traceparent ? { traceparent: row.traceparent } : {}),
            } as DomainEvent;
            return { name: row.type, data, opts: { ...this.options.jobOptions, jobId: row.id } };
          }),
        ),
      ),
    );
  }

  private async listen(): Promise<void> {
    const url = (this.dataSource.options as { url?: string }).url;
    if (!url) return; // polling alone still delivers
    const client = outboxListenerClient(url);
    client.on('notification', () => this.wake());
    client.on('error', (error: Error) => {
      this.reportFailure('listen', error);
      if (this.listener === client) this.listener = undefined;
      // Reconnect later; the poll keeps delivering meanwhile.
      setTimeout(() => {
        if (!this.stopped && !this.listener) void this.listen().catch(() => undefined);
      }, 1_000).unref();
    });
    try {
      await listenForOutbox(client, this.schema);
      this.listener = client;
    } catch (error) {
      this.reportFailure('listen', error);
      await client.end().catch(() => undefined);
    }
  }

  // Logs the first failure of a kind, not one line per poll while Redis is down.
  private reportFailure(kind: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    const key = `${kind}:${message}`;
    if (this.lastFailure === key) return;
    this.lastFailure = key;
    this.logger?.warn(
      { err: error, schema: this.schema },
      `outbox relay ${kind} failed; will retry`,
    );
  }
}
