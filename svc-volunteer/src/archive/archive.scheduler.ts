import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { LOGGER, Redis, SERVICE_CONFIG, type Logger } from '@district/service-kit';
import type { VolunteerConfig } from '../volunteer.config';
import { ArchiveService } from './archive.service';

export const ARCHIVE_QUEUE = 'volunteer-archive';
// One scheduler id shared by every replica: upserting it again changes nothing, so the job
// exists once and each run is taken by exactly one worker.
export const ARCHIVE_SCHEDULER_ID = 'archive-past-opportunities';
const DEFAULT_INTERVAL_MS = 60_000;

@Injectable()
export class ArchiveScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private queue?: Queue;
  private worker?: Worker;
  private connections: Redis[] = [];

  constructor(
    private readonly archive: ArchiveService,
    @Inject(SERVICE_CONFIG) private readonly config: VolunteerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const prefix = this.config.BULLMQ_PREFIX;
    const queueConnection = this.connect(2);
    // Blocking worker commands need unlimited retries per request.
    const workerConnection = this.connect(null);
    this.queue = new Queue(ARCHIVE_QUEUE, { connection: queueConnection, prefix });
    this.queue.on('error', (error: Error) =>
      this.logger.warn({ err: error }, 'archive queue error'),
    );
    this.worker = new Worker(ARCHIVE_QUEUE, () => this.run(), {
      connection: workerConnection,
      prefix,
      concurrency: 1,
    });
    this.worker.on('error', (error: Error) =>
      this.logger.warn({ err: error }, 'archive worker error'),
    );
    this.worker.on('failed', (_job, error) =>
      this.logger.error({ err: error }, 'archive job failed'),
    );
    await this.queue.upsertJobScheduler(
      ARCHIVE_SCHEDULER_ID,
      { every: this.config.ARCHIVE_INTERVAL_MS ?? DEFAULT_INTERVAL_MS },
      { name: 'archive', opts: { removeOnComplete: 100, removeOnFail: 500 } },
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    for (const connection of this.connections) connection.disconnect();
    this.connections = [];
  }

  private async run(): Promise<{ archived: number[] }> {
    const archived = await this.archive.archivePast();
    if (archived.length > 0) this.logger.info({ archived }, 'archived past opportunities');
    return { archived };
  }

  private connect(maxRetriesPerRequest: number | null): Redis {
    const connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest });
    connection.on('error', (error: Error) =>
      this.logger.warn({ err: error }, 'archive redis error'),
    );
    this.connections.push(connection);
    return connection;
  }
}
