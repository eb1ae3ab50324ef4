import { Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, OnWorkerEvent, Processor } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { ClosingWorkerHost, LOGGER, SERVICE_CONFIG, type Logger } from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import { GuardianConsentService } from './guardian-consent.service';

export const CONSENT_SWEEP_QUEUE = 'auth-consent-sweep';
// One scheduler id for every replica: the job exists once, each run taken by one worker.
const CONSENT_SWEEP_SCHEDULER_ID = 'delete-accounts-without-consent';
const DEFAULT_INTERVAL_MS = 3_600_000;

// Deletes accounts still waiting for a guardian after CONSENT_DEADLINE_DAYS, on a BullMQ job
// scheduler (every CONSENT_SWEEP_INTERVAL_MS), like svc-volunteer's archive job.
@Processor(CONSENT_SWEEP_QUEUE, { concurrency: 1 })
export class ConsentSweepProcessor extends ClosingWorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly consents: GuardianConsentService,
    @InjectQueue(CONSENT_SWEEP_QUEUE) private readonly queue: Queue,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
    this.queue.on('error', (error: Error) =>
      this.logger.warn({ err: error }, 'consent sweep queue error'),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      CONSENT_SWEEP_SCHEDULER_ID,
      { every: this.config.CONSENT_SWEEP_INTERVAL_MS ?? DEFAULT_INTERVAL_MS },
      { name: 'sweep', opts: { removeOnComplete: 100, removeOnFail: 500 } },
    );
  }

  async process(): Promise<{ deleted: number[] }> {
    return { deleted: await this.consents.deleteOverdue() };
  }

  @OnWorkerEvent('failed')
  onFailed(_job: unknown, error: Error): void {
    this.logger.error({ err: error }, 'consent sweep job failed');
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn({ err: error }, 'consent sweep worker error');
  }
}
