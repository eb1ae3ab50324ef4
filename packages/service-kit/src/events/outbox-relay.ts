import { Queue, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { logRedisOutages, settleWithin } from '../redis/redis';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { schemaOf } from '../database/create-data-source';
import type { DomainEvent } from '@district/contracts';
import { DEFAULT_EVENT_ROUTING, eventQueueName, type EventRouting } from './event-routing';
import { outboxChannel } from './event-envelope';

export interface OutboxRelayOptions {
  dataSource: DataSource;
  redisUrl: string;
  // BullMQ key prefix (BULLMQ_PREFIX); every test run has its own.
  prefix: string;
  routing?: EventRouting;
  logger?: Logger;
  // Safety net beside the NOTIFY wake-up (rows written by another replica's commit, lost notices).
  pollIntervalMs?: number;
  batchSize?: number;
  // A Redis that does not answer in time rolls the batch back; it is retried on the next pass.
  publishTimeoutMs?: number;
  jobOptions?: JobsOptions;
}

export const DEFAULT_EVENT_JOB_OPTIONS: JobsOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1_000 },
  // Completed jobs are trimmed; failed ones stay visible for inspection (DESIGN rule 5).
  removeOnComplete: { count: 1_000, age: 24 * 3600 },
  removeOnFail: false,
};

interface OutboxRow {
  id: string;
  type: string;
  payload: unknown;
  created_at: Date;
}

function timeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

// Moves committed outbox rows into one BullMQ queue per consumer, then marks them published.
// Safe with several replicas: each pass locks its batch with FOR UPDATE SKIP LOCKED.
export class OutboxRelay {
  private readonly options: Required<Omit<OutboxRelayOptions, 'logger'>> & { logger?: Logger };
  private readonly schema: string;
  private readonly queues = new Map<string, Queue>();
  private redis?: Redis;
  private listener?: Client;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private wakeAgain = false;
  private stopped = true;
  private lastFailure?: string;

  constructor(options: OutboxRelayOptions) {
    // `??` rather than a spread: an explicit undefined (e.g. from module options) keeps the default.
    this.options = {
      ...options,
      routing: options.routing ?? DEFAULT_EVENT_ROUTING,
      pollIntervalMs: options.pollIntervalMs ?? 200,
      batchSize: options.batchSize ?? 200,
      publishTimeoutMs: options.publishTimeoutMs ?? 5_000,
      jobOptions: options.jobOptions ?? DEFAULT_EVENT_JOB_OPTIONS,
    };
    this.schema = schemaOf(options.dataSource);
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    // Producers fail fast while Redis is away; the rows stay unpublished and are retried.
    this.redis = new Redis(this.options.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
    logRedisOutages(this.redis, this.options.logger, 'outbox relay');
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
    await Promise.all([...this.queues.values()].map((queue) => settleWithin(queue.close(), 2_000)));
    this.queues.clear();
    this.redis?.disconnect();
    this.redis = undefined;
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
        this.options.logger?.info({ schema: this.schema }, 'outbox relay recovered');
        this.lastFailure = undefined;
      }
    } catch (error) {
      this.reportFailure('publish', error);
    }
    return total;
  }

  private async publishBatch(): Promise<number> {
    const runner = this.options.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      const rows: OutboxRow[] = await runner.query(
        `SELECT "id", "type", "payload", "created_at" FROM "${this.schema}"."outbox"
          WHERE "published_at" IS NULL ORDER BY "seq" LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.options.batchSize],
      );
      if (rows.length === 0) {
        await runner.commitTransaction();
        return 0;
      }
      await timeout(this.enqueue(rows), this.options.publishTimeoutMs, 'publishing to Redis');
      await runner.query(
        `UPDATE "${this.schema}"."outbox" SET "published_at" = now() WHERE "id" = ANY($1::uuid[])`,
        [rows.map((row) => row.id)],
      );
      await runner.commitTransaction();
      return rows.length;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }

  private async enqueue(rows: OutboxRow[]): Promise<void> {
    const perConsumer = new Map<string, OutboxRow[]>();
    for (const row of rows) {
      const consumers = this.options.routing[row.type];
      if (!consumers)
        this.options.logger?.warn({ id: row.id, type: row.type }, 'outbox event type has no route');
      for (const consumer of consumers ?? []) {
        const list = perConsumer.get(consumer) ?? [];
        list.push(row);
        perConsumer.set(consumer, list);
      }
    }
    await Promise.all(
      [...perConsumer].map(([consumer, list]) =>
        this.queue(consumer).addBulk(
          list.map((row) => {
            const data = {
              id: row.id,
              type: row.type,
              payload: row.payload,
              occurredAt: new Date(row.created_at).toISOString(),
            } as DomainEvent;
            // The event id as job id: BullMQ ignores a second add while the job is still known.
            return { name: row.type, data, opts: { ...this.options.jobOptions, jobId: row.id } };
          }),
        ),
      ),
    );
  }

  private queue(consumer: string): Queue {
    let queue = this.queues.get(consumer);
    if (!queue) {
      queue = new Queue(eventQueueName(consumer), {
        connection: this.redis!,
        prefix: this.options.prefix,
        skipWaitingForReady: true,
      });
      // Connection errors are reported once by logRedisOutages; failed adds by drain().
      queue.on('error', () => undefined);
      this.queues.set(consumer, queue);
    }
    return queue;
  }

  private async listen(): Promise<void> {
    const url = (this.options.dataSource.options as { url?: string }).url;
    if (!url) return; // polling alone still delivers
    const client = new Client({ connectionString: url });
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
      await client.connect();
      await client.query(`LISTEN "${outboxChannel(this.schema)}"`);
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
    this.options.logger?.warn(
      { err: error, schema: this.schema },
      `outbox relay ${kind} failed; will retry`,
    );
  }
}
