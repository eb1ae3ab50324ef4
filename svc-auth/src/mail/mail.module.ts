import { Module } from '@nestjs/common';
import { MailJobs } from './mail-jobs.service';
import { Mailer } from './mailer.service';

@Module({ providers: [Mailer, MailJobs], exports: [Mailer, MailJobs] })
export class MailModule {}
