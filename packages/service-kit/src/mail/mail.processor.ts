import { Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { OnWorkerEvent } from '@nestjs/bullmq';
import type { Job, JobsOptions, Queue } from 'bullmq';
import type { Logger } from 'pino';
import { dependencyUnavailable } from '../errors/dependency-outage';
import { bullConnected, ClosingWorkerHost } from '../events/worker-host';
import { LOGGER } from '../logging/logger';
import { SERVICE_METRICS, type ServiceMetrics } from '../metrics/service-metrics';
import type { Counter } from 'prom-client';

// A service's own mail queue, under the run's BullMQ prefix (BullModule.forRootAsync in the kit's
// EventsModule): "mail-svc-auth".
export function mailQueueName(service: string): string {
  return `mail-${service}`;
}

export const MAIL_QUEUE = Symbol('service-kit:mail-queue');

// Failed jobs are retried with backoff and then kept for inspection; job data holds an e-mail
// address, so it is kept only as long as it is useful.
export const MAIL_JOB_OPTIONS: JobsOptions = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 60 * 60 },
  removeOnFail: { age: 7 * 24 * 60 * 60 },
};

export type MailJobHandler = (data: unknown) => Promise<void>;

// Mail leaves the request path: the HTTP answer never waits for (or reveals) SMTP. Each job name
// has exactly one handler, registered by its feature at module init; the worker starts after that.
// MailModule.forRoot gives it its @Processor queue.
export class MailProcessor extends ClosingWorkerHost implements OnApplicationBootstrap {
  private readonly handlers = new Map<string, MailJobHandler>();
  private readonly mails: Counter<'job' | 'outcome'>;

  constructor(
    @Inject(MAIL_QUEUE) private readonly queue: Queue,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_METRICS) metrics: ServiceMetrics,
  ) {
    super();
    metrics.trackQueue(queue);
    // Per attempt: a mail retried three times and then sent counts 3 failed, 1 sent.
    this.mails = metrics.counter({
      name: 'mail_jobs_total',
      help: 'Mail job attempts by job name and outcome (sent, failed)',
      labelNames: ['job', 'outcome'],
    });
    this.queue.on('error', (error: Error) => this.logger.warn({ err: error }, 'mail queue error'));
  }

  handle(name: string, handler: MailJobHandler): void {
    if (this.handlers.has(name)) throw new Error(`Mail job "${name}" already has a handler`);
    this.handlers.set(name, handler);
  }

  // jobId: a deterministic id makes a repeated enqueue (a redelivered event) a no-op while the
  // first job is still kept (an hour after it completed).
  async enqueue(name: string, data: unknown, jobId?: string): Promise<void> {
    if (!this.handlers.has(name)) throw new Error(`Mail job "${name}" has no handler`);
    // BullMQ's connection retries forever, so a request would wait for Redis to come back: answer
    // 503 at once instead (issue 15.2).
    if (!(await bullConnected(this.queue))) throw dependencyUnavailable();
    await this.queue.add(name, data, jobId ? { ...MAIL_JOB_OPTIONS, jobId } : MAIL_JOB_OPTIONS);
  }

  onApplicationBootstrap(): void {
    this.worker
      .run()
      .catch((error: unknown) => this.logger.error({ err: error }, 'mail worker stopped'));
  }

  async process(job: Job): Promise<void> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new Error(`No handler for mail job "${job.name}"`);
    try {
      await handler(job.data);
    } catch (error) {
      this.mails.inc({ job: job.name, outcome: 'failed' });
      throw error;
    }
    this.mails.inc({ job: job.name, outcome: 'sent' });
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, error: Error): void {
    this.logger.warn(
      { err: error, job: job?.name, attempts: job?.attemptsMade },
      'mail job failed',
    );
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn({ err: error }, 'mail worker error');
  }
}
