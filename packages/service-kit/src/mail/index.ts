export { mailConfigSchema, type MailConfig } from './mail.config';
export { Mailer, type OutgoingMail } from './mailer.service';
export {
  MAIL_JOB_OPTIONS,
  MailProcessor,
  mailQueueName,
  type MailJobHandler,
} from './mail.processor';
export { MailModule, type MailModuleOptions } from './mail.module';
