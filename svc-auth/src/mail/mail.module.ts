import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { MAIL_QUEUE_NAME, MailProcessor } from './mail.processor';
import { Mailer } from './mailer.service';

@Module({
  imports: [BullModule.registerQueue({ name: MAIL_QUEUE_NAME })],
  providers: [Mailer, MailProcessor],
  exports: [Mailer, MailProcessor],
})
export class MailModule {}
