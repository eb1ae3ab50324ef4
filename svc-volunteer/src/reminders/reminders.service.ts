import { Inject, Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { englishNotificationTexts, EVENT_TYPES, notificationMessage } from '@district/contracts';
import {
  LOGGER,
  OutboxService,
  SERVICE_CONFIG,
  withTransaction,
  type Logger,
} from '@district/service-kit';
import { districtTimeZone, volunteerConfigSchema, type VolunteerConfig } from '../volunteer.config';
import {
  NOTIFICATION_KIND,
  REMINDER_KINDS,
  REMINDER_MESSAGE,
  reminderDue,
  reminderJobId,
  type ReminderKind,
  type ReminderSettings,
} from './reminder-plan';
import { RemindersRepository, type DistrictDay, type ReminderRow } from './reminders.repository';

export const REMINDERS_QUEUE = 'reminders-svc-volunteer';
export const REMINDER_JOB = 'reminder';

export interface ReminderJobData {
  signupId: number;
  kind: ReminderKind;
}

// A job that fires more than this early (its event moved later and nobody moved the job) waits
// again instead of sending.
const EARLY_TOLERANCE_MS = 1_000;

export type DeliveryOutcome = 'sent' | 'duplicate' | 'dropped' | { notBefore: Date };

// Reminders before events (issue 18): a BullMQ delayed job per sign-up and kind, with a
// deterministic id. The jobs are only a wake-up call: the processor re-reads the sign-up and the
// event at fire time, and a reminders_sent row committed with the outbox event makes the send
// happen once. Scheduling happens after the sign-up commits; a crash between the two loses the
// job, and the periodic sweep (same deterministic ids, so adding again is a no-op) queues it again
// well before it is due. See docs/decisions.md "Reminders".
@Injectable()
export class RemindersService {
  readonly settings: ReminderSettings;
  readonly day: DistrictDay;
  readonly sweepIntervalMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly reminders: RemindersRepository,
    private readonly outbox: OutboxService,
    @InjectQueue(REMINDERS_QUEUE) private readonly queue: Queue<ReminderJobData>,
    @Inject(SERVICE_CONFIG) config: VolunteerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const parsed = volunteerConfigSchema.parse(config);
    this.settings = {
      dayBeforeMs: parsed.REMINDER_DAY_BEFORE_MS,
      todayLeadMs: parsed.REMINDER_TODAY_LEAD_MS,
    };
    this.day = { timeZone: districtTimeZone(parsed), todayAt: parsed.REMINDER_TODAY_AT };
    this.sweepIntervalMs = parsed.REMINDER_SWEEP_INTERVAL_MS;
  }

  // After a sign-up committed (a new one, or a promotion from the waitlist). Never throws: the
  // sign-up stands, and the sweep queues what Redis refused now.
  async scheduleFor(
    signup: { signupId: number } | { opportunityId: number; userId: number },
  ): Promise<void> {
    try {
      const row =
        'signupId' in signup
          ? await this.reminders.findBySignup(signup.signupId, this.day)
          : await this.reminders.findByOpportunityAndUser(
              signup.opportunityId,
              signup.userId,
              this.day,
            );
      if (row) await this.queueJobs(row);
    } catch (error) {
      this.logger.warn({ err: error, signup }, 'reminders not scheduled; the sweep will retry');
    }
  }

  // After a withdrawal (or anything else that ends a sign-up). A job missed here finds no
  // sign-up at fire time and sends nothing.
  async cancelFor(signupId: number): Promise<void> {
    try {
      await Promise.all(
        REMINDER_KINDS.map((kind) => this.queue.remove(reminderJobId(kind, signupId))),
      );
    } catch (error) {
      this.logger.warn(
        { err: error, signupId },
        'reminder jobs not removed; they will send nothing',
      );
    }
  }

  // After an event's time changed (committed): every sign-up's jobs move to the new due times. A
  // job that is running right now cannot be removed; it re-reads the time and waits again if it
  // is early. Never throws: if Redis refuses, a job left at the old time still waits for a later
  // start by itself, but for an earlier start it fires late (at its old time, if the event has
  // not started by then).
  async rescheduleOpportunity(opportunityId: number): Promise<void> {
    try {
      const rows = await this.reminders.findByOpportunity(opportunityId, this.day);
      for (const row of rows) {
        await Promise.all(
          REMINDER_KINDS.map((kind) => this.queue.remove(reminderJobId(kind, row.signupId))),
        );
        await this.queueJobs(row);
      }
    } catch (error) {
      this.logger.warn({ err: error, opportunityId }, 'reminders not moved');
    }
  }

  // Queues every reminder due before the sweep after next that is not sent yet. Existing jobs
  // keep their ids, so this only fills gaps. Returns how many reminders it looked at.
  async sweep(): Promise<number> {
    const horizon = Math.max(this.settings.dayBeforeMs, 24 * 3600_000) + 2 * this.sweepIntervalMs;
    const rows = await this.reminders.findUpcoming(horizon, this.day);
    let count = 0;
    for (const row of rows) count += await this.queueJobs(row);
    return count;
  }

  // Fire time: re-check everything, then record and publish in one transaction.
  async deliver(signupId: number, kind: ReminderKind, now = new Date()): Promise<DeliveryOutcome> {
    const row = await this.reminders.findBySignup(signupId, this.day);
    if (!row || row.status !== 'active' || now >= row.startsAt) return 'dropped';
    const due = reminderDue(kind, row, this.settings);
    if (!due) return 'dropped';
    if (due.getTime() > now.getTime() + EARLY_TOLERANCE_MS) return { notBefore: due };
    // Issue 22: each reader gets it in their language (svc-auth's mail, the browser's toast);
    // title and body stay the English rendering.
    const message = notificationMessage(REMINDER_MESSAGE[kind], {
      title: row.title,
      location: row.location,
      startsAt: row.startsAt.toISOString(),
      timeZone: this.day.timeZone,
    });
    return withTransaction(this.dataSource, async (manager) => {
      if (!(await this.reminders.markSent(manager, row, kind))) return 'duplicate';
      await this.outbox.add(manager, EVENT_TYPES.notificationRequested, {
        userIds: [row.userId],
        kind: NOTIFICATION_KIND[kind],
        ...englishNotificationTexts(message),
        message,
        path: '/volunteer',
        opportunityId: row.opportunityId,
        // The day before by e-mail (svc-auth sends it); on the day as a toast only.
        email: kind === 'day-before',
      });
      return 'sent';
    });
  }

  private async queueJobs(row: ReminderRow): Promise<number> {
    if (row.status !== 'active') return 0;
    let queued = 0;
    for (const kind of REMINDER_KINDS) {
      if (row.sent.includes(kind)) continue;
      const due = reminderDue(kind, row, this.settings);
      if (!due) continue;
      await this.queue.add(
        REMINDER_JOB,
        { signupId: row.signupId, kind },
        {
          jobId: reminderJobId(kind, row.signupId),
          delay: Math.max(0, due.getTime() - Date.now()),
          // Completed jobs go, so a moved event can queue the same id again.
          removeOnComplete: true,
          removeOnFail: 1000,
          attempts: 8,
          backoff: { type: 'exponential', delay: 1_000 },
        },
      );
      queued++;
    }
    return queued;
  }
}
