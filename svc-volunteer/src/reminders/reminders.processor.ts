import { Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { DelayedError, type Job, type Queue } from 'bullmq';
import { ClosingWorkerHost, LOGGER, type Logger } from '@district/service-kit';
import {
  REMINDERS_QUEUE,
  RemindersService,
  type DeliveryOutcome,
  type ReminderJobData,
} from './reminders.service';

// One scheduler id shared by every replica, as the archive's: the sweep runs once per interval.
const REMINDER_SWEEP_SCHEDULER_ID = 'reminders-sweep';
const SWEEP_JOB = 'sweep';

// Sends the reminder jobs when they fall due, and runs the sweep. Two replicas may both hold the
// queue: BullMQ gives each job to one worker, and a job redelivered after a crash finds its
// reminders_sent row and sends nothing.
@Processor(REMINDERS_QUEUE, { concurrency: 16 })
export class RemindersProcessor extends ClosingWorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly reminders: RemindersService,
    @InjectQueue(REMINDERS_QUEUE) private readonly queue: Queue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
    this.queue.on('error', (error: Error) =>
      this.logger.warn({ err: error }, 'reminders queue error'),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      REMINDER_SWEEP_SCHEDULER_ID,
      { every: this.reminders.sweepIntervalMs },
      { name: SWEEP_JOB, opts: { removeOnComplete: 100, removeOnFail: 500 } },
    );
  }

  async process(job: Job, token?: string): Promise<DeliveryOutcome | { queued: number }> {
    if (job.name === SWEEP_JOB) return { queued: await this.reminders.sweep() };
    const { signupId, kind } = job.data as ReminderJobData;
    const outcome = await this.reminders.deliver(signupId, kind);
    if (typeof outcome === 'object') {
      // The event moved later and the job did not: wait until the new due time.
      await job.moveToDelayed(outcome.notBefore.getTime(), token);
      throw new DelayedError();
    }
    return outcome;
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, error: Error): void {
    this.logger.error({ err: error, jobId: job?.id }, 'reminder job failed');
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn({ err: error }, 'reminders worker error');
  }
}
