import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { SERVICE_CONFIG } from '../config/service-config.token';
import type { MailConfig } from './mail.config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

// SMTP through nodemailer (DESIGN rule 9): the local sink in dev and tests, a real relay in production.
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(@Inject(SERVICE_CONFIG) config: MailConfig) {
    this.transport = createTransport(config.SMTP_URL);
    this.from = config.MAIL_FROM;
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
