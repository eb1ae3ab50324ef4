import { DynamicModule, Global, Module, type Type } from '@nestjs/common';
import { BullModule, getQueueToken, Processor } from '@nestjs/bullmq';
import { MAIL_QUEUE, MailProcessor, mailQueueName } from './mail.processor';
import { Mailer } from './mailer.service';

export interface MailModuleOptions {
  // This service's name (e.g. 'svc-hours'): its queue is mail-<service>.
  service: string;
}

// @Processor needs the queue name on the class itself.
function mailProcessorFor(service: string): Type<MailProcessor> {
  @Processor(mailQueueName(service), { concurrency: 4, autorun: false })
  class ServiceMailProcessor extends MailProcessor {}
  return ServiceMailProcessor;
}

// SMTP (Mailer) and the service's mail queue (MailProcessor), once per app: the config must carry
// mailConfigSchema's variables. Needs EventsModule.forRoot (the app's BullMQ connection).
@Global()
@Module({})
export class MailModule {
  static forRoot({ service }: MailModuleOptions): DynamicModule {
    const queue = mailQueueName(service);
    return {
      module: MailModule,
      imports: [BullModule.registerQueue({ name: queue })],
      providers: [
        Mailer,
        { provide: MAIL_QUEUE, useExisting: getQueueToken(queue) },
        { provide: MailProcessor, useClass: mailProcessorFor(service) },
      ],
      exports: [Mailer, MailProcessor],
    };
  }
}
