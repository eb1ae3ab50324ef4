import { Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, OnWorkerEvent, Processor } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { ClosingWorkerHost, LOGGER, SERVICE_CONFIG, type Logger } from '@district/service-kit';
import type { VolunteerConfig } from '../volunteer.config';
import { ArchiveService } from './archive.service';

export const ARCHIVE_QUEUE = 'volunteer-archive';
// One scheduler id shared by every replica: upserting it again changes nothing, so the job
// exists once and each run is taken by exactly one worker.
const ARCHIVE_SCHEDULER_ID = 'archive-past-opportunities';
const DEFAULT_INTERVAL_MS = 60_000;

// Archives past opportunities on a BullMQ job scheduler (every ARCHIVE_INTERVAL_MS).
@Processor(ARCHIVE_QUEUE, { concurrency: 1 })
export class ArchiveProcessor extends ClosingWorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly archive: ArchiveService,
    @InjectQueue(ARCHIVE_QUEUE) private readonly queue: Queue,
    @Inject(SERVICE_CONFIG) private readonly config: VolunteerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
    this.queue.on('error', (error: Error) =>
      this.logger.warn({ err: error }, 'archive queue error'),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      ARCHIVE_SCHEDULER_ID,
      { every: this.config.ARCHIVE_INTERVAL_MS ?? DEFAULT_INTERVAL_MS },
      { name: 'archive', opts: { removeOnComplete: 100, removeOnFail: 500 } },
    );
  }

  async process(): Promise<{ archived: number[] }> {
    const archived = await this.archive.archivePast();
    if (archived.length > 0) this.logger.info({ archived }, 'archived past opportunities');
    return { archived };
  }

  @OnWorkerEvent('failed')
  onFailed(_job: unknown, error: Error): void {
    this.logger.error({ err: error }, 'archive job failed');
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn({ err: error }, 'archive worker error');
  }
}
