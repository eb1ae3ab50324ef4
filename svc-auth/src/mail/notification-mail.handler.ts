import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
import {
  LANGUAGES,
  notificationMessageSchema,
  renderNotification,
  type NotificationRequestedPayload,
} from '@district/contracts';
import {
  HandleEvent,
  Mailer,
  MailProcessor,
  SERVICE_CONFIG,
  type EventContext,
} from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import { UsersRepository } from '../users/users.repository';
import { mailWriter } from './mail-texts';
import { renderNotificationMail } from './notification-mail.template';

const NOTIFICATION_MAIL_JOB = 'notification';

const notificationMailJobSchema = z.object({
  to: z.string(),
  name: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  // Issue 22: the recipient's language and the catalogue entry; jobs queued before have neither
  // (English, the producer's title and body).
  language: z.enum(LANGUAGES).default('en'),
  message: notificationMessageSchema.optional(),
});
type NotificationMailJob = z.infer<typeof notificationMailJobSchema>;

// Only svc-auth knows e-mail addresses (the replicas never hold them), so the other services' mail
// to users (a waitlist promotion, a changed event, a reminder) comes here as notification.requested
// with email: true. One mail job per user; the job id (event id + user id; BullMQ refuses ":" in
// ids) makes a redelivered event queue nothing new.
@Injectable()
export class NotificationMailHandler implements OnModuleInit {
  constructor(
    private readonly users: UsersRepository,
    private readonly mailJobs: MailProcessor,
    private readonly mailer: Mailer,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
  ) {}

  onModuleInit(): void {
    this.mailJobs.handle(NOTIFICATION_MAIL_JOB, async (data) => {
      const job: NotificationMailJob = notificationMailJobSchema.parse(data);
      const texts = job.message ? renderNotification(job.language, job.message) : job;
      const mail = renderNotificationMail(mailWriter(job.language), {
        name: job.name,
        title: texts.title.slice(0, 200),
        body: texts.body,
        link: job.link,
      });
      await this.mailer.send({ to: job.to, ...mail });
    });
  }

  @HandleEvent('notification.requested')
  async onRequested(
    payload: NotificationRequestedPayload,
    { manager, event }: EventContext<'notification.requested'>,
  ): Promise<void> {
    if (!payload.email) return;
    const link = payload.path ? new URL(payload.path, this.config.PUBLIC_URL).toString() : null;
    for (const user of await this.users.findContacts(payload.userIds, manager)) {
      const job: NotificationMailJob = {
        to: user.email,
        name: user.name,
        title: payload.title,
        body: payload.body,
        link,
        language: user.language,
        message: payload.message,
      };
      await this.mailJobs.enqueue(NOTIFICATION_MAIL_JOB, job, `${event.id}-${user.id}`);
    }
  }
}
