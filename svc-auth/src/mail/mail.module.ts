import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { MAIL_QUEUE_NAME, MailJobs } from './mail-jobs.service';
import { Mailer } from './mailer.service';

@Module({
  imports: [BullModule.registerQueue({ name: MAIL_QUEUE_NAME })],
  providers: [Mailer, MailJobs],
  exports: [Mailer, MailJobs],
})
export class MailModule {}
