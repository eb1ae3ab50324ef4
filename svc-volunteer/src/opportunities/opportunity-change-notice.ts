import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { LOGGER, Mailer, MailProcessor, OutboxService, type Logger } from '@district/service-kit';
import { OpportunitiesRepository } from './opportunities.repository';
import type { OpportunityEntity } from './opportunity.entity';
import { renderOpportunityChangedMail, type OpportunityChangedMail } from './opportunity-changed.mail';

export const OPPORTUNITY_CHANGED_MAIL_JOB = 'opportunity-changed';

type Times = Pick<OpportunityEntity, 'title' | 'location' | 'date' | 'endsAt'>;

export interface ChangeNotice {
  mails: OpportunityChangedMail[];
}

// Issue 18: signed-up students hear that an opportunity moved (time or place): a personal toast
// (notification.requested, in the edit's transaction) and an e-mail each (queued after commit,
// so a rolled-back edit never mails anyone).
@Injectable()
export class OpportunityChangeNotice implements OnModuleInit {
  constructor(
    private readonly opportunities: OpportunitiesRepository,
    private readonly outbox: OutboxService,
    private readonly mailJobs: MailProcessor,
    private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.mailJobs.handle(OPPORTUNITY_CHANGED_MAIL_JOB, (data) =>
      this.mailer.send(renderOpportunityChangedMail(data as OpportunityChangedMail)),
    );
  }

  async prepare(
    manager: EntityManager,
    change: { id: number; before: Times; after: Times },
  ): Promise<ChangeNotice | undefined> {
    const students = await this.opportunities.signedUpStudents(manager, change.id);
    if (students.length === 0) return undefined;
    const { after } = change;
    await this.outbox.add(manager, 'notification.requested', {
      userIds: students.map((student) => student.userId),
      kind: 'opportunity.changed',
      title: 'Opportunity changed',
      body: `${after.title} is now ${describeWhen(after.date, after.endsAt)} at ${after.location}`,
      opportunityId: change.id,
    });
    return {
      mails: students
        .filter((student) => student.email)
        .map((student) => ({
          to: student.email!,
          name: student.name ?? '',
          title: after.title,
          location: after.location,
          when: describeWhen(after.date, after.endsAt),
          previousLocation: change.before.location,
          previousWhen: describeWhen(change.before.date, change.before.endsAt),
        })),
    };
  }

  // A queue outage after commit loses only the e-mails (the toast is already in the outbox).
  async send(notice: ChangeNotice): Promise<void> {
    for (const mail of notice.mails) {
      await this.mailJobs
        .enqueue(OPPORTUNITY_CHANGED_MAIL_JOB, mail)
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, 'opportunity change e-mail not queued'),
        );
    }
  }
}

// The district's own zone: the server does not know each reader's (the cards use the browser's).
const WHEN = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const UNTIL = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export function describeWhen(start: Date, end: Date): string {
  return `${WHEN.format(start)} – ${UNTIL.format(end)}`;
}
