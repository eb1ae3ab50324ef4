import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker, type Job } from 'bullmq';
import {
  createRedis,
  dependencyUnavailable,
  LOGGER,
  SERVICE_CONFIG,
  type Logger,
  type Redis,
} from '@district/service-kit';
import type { AuthConfig } from '../config/auth-config';

// svc-auth's own mail queue, under the run's BullMQ prefix.
export const MAIL_QUEUE_NAME = 'mail-svc-auth';

export type MailJobHandler = (data: unknown) => Promise<void>;

// Mail leaves the request path: the HTTP answer never waits for (or reveals) SMTP. Each job name has
// exactly one handler; failed jobs are retried with backoff and then kept for inspection.
@Injectable()
export class MailJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly handlers = new Map<string, MailJobHandler>();
  private readonly connection: Redis;
  private readonly queue: Queue;
  private worker: Worker | undefined;
  private workerConnection: Redis | undefined;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    // BullMQ needs a connection that retries forever (blocking commands), unlike the request client.
    this.connection = createRedis(config.REDIS_URL, { maxRetriesPerRequest: null });
    this.connection.on('error', (error: Error) =>
      this.logger.warn({ err: error }, 'mail queue redis error'),
    );
    this.queue = new Queue(MAIL_QUEUE_NAME, {
      connection: this.connection,
      prefix: config.BULLMQ_PREFIX,
    });
  }

  handle(name: string, handler: MailJobHandler): void {
    if (this.handlers.has(name)) throw new Error(`Mail job "${name}" already has a handler`);
    this.handlers.set(name, handler);
  }

  async enqueue(name: string, data: unknown): Promise<void> {
    if (!this.handlers.has(name)) throw new Error(`Mail job "${name}" has no handler`);
    // This connection retries forever (BullMQ needs that), so a request would wait for Redis to
    // come back: answer 503 at once instead (issue 15.2).
    if (this.connection.status !== 'ready') throw dependencyUnavailable();
    await this.queue.add(name, data, {
      attempts: 6,
      backoff: { type: 'exponential', delay: 2_000 },
      // Job data holds an e-mail address: keep it only as long as it is useful.
      removeOnComplete: { age: 60 * 60 },
      removeOnFail: { age: 7 * 24 * 60 * 60 },
    });
  }

  onApplicationBootstrap(): void {
    this.workerConnection = this.connection.duplicate();
    this.worker = new Worker(MAIL_QUEUE_NAME, (job: Job) => this.process(job), {
      connection: this.workerConnection,
      prefix: this.config.BULLMQ_PREFIX,
      concurrency: 4,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(
        { err: error, job: job?.name, attempts: job?.attemptsMade },
        'mail job failed',
      ),
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'mail worker error'));
  }

  private async process(job: Job): Promise<void> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new Error(`No handler for mail job "${job.name}"`);
    await handler(job.data);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    for (const connection of [this.workerConnection, this.connection]) {
      await connection?.quit().catch(() => connection.disconnect());
    }
  }
}
