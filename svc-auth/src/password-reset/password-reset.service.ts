import { createHash } from 'node:crypto';
import { BadRequestException, Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { API_MESSAGES, RESET_TOKEN_TTL_MS } from '@district/contracts';
import {
  LOGGER,
  REDIS,
  SERVICE_CONFIG,
  Mailer,
  MailProcessor,
  withTransaction,
  type Logger,
  type Redis,
} from '@district/service-kit';
import { PasswordHasher } from '../users/password-hasher.service';
import type { AuthConfig } from '../auth.config';
import { withinHourlyMailLimit } from '../mail/hourly-mail-limit';
import { mailWriter } from '../mail/mail-texts';
import { renderResetMail } from '../mail/reset-mail.template';
import { SessionStore } from '../sessions/session-store';
import { UsersRepository } from '../users/users.repository';
import { PasswordResetRepository } from './password-reset.repository';
import { createResetToken, hashResetToken, resetLink } from './reset-token.util';

const RESET_MAIL_JOB = 'password-reset';
// Stops anyone from flooding one inbox through the public form; extra requests are dropped silently.
const MAILS_PER_ADDRESS_PER_HOUR = 5;

export class InvalidResetTokenError extends BadRequestException {
  constructor() {
    // `error` is what the reset screen reads (SPEC §7).
    super({
      statusCode: 400,
      message: API_MESSAGES.invalidResetToken,
      error: API_MESSAGES.invalidResetToken,
    });
  }
}

@Injectable()
export class PasswordResetService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: PasswordResetRepository,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly mailJobs: MailProcessor,
    private readonly mailer: Mailer,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.mailJobs.handle(RESET_MAIL_JOB, (data) => this.deliver(data));
  }

  // The request only queues the address: the answer takes the same time and says the same thing
  // whether or not an account has that e-mail. The lookup happens in the worker.
  async request(email: string): Promise<void> {
    await this.mailJobs.enqueue(RESET_MAIL_JOB, { email });
  }

  // Worker side: one link per account with that address (siblings may share a parent's e-mail).
  async deliver(data: unknown): Promise<void> {
    const email = (data as { email?: unknown } | null)?.email;
    if (typeof email !== 'string') return;
    const accounts = await this.users.findByEmail(email);
    if (accounts.length === 0) return;
    if (!(await this.withinMailLimit(email))) {
      this.logger.warn(
        { accounts: accounts.map((a) => a.id) },
        'password reset mail limit reached',
      );
      return;
    }
    for (const account of accounts) {
      const { token, tokenHash } = createResetToken();
      await this.tokens.insertToken(account.id, tokenHash, RESET_TOKEN_TTL_MS);
      // Issue 22: in the account's language.
      const mail = renderResetMail(mailWriter(account.language), {
        name: account.name,
        username: account.username,
        link: resetLink(this.config.PUBLIC_URL, token),
      });
      await this.mailer.send({ to: account.email, ...mail });
    }
  }

  private async withinMailLimit(email: string): Promise<boolean> {
    const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
    const key = `${this.config.BULLMQ_PREFIX}:reset-mail:${digest}`;
    return withinHourlyMailLimit(this.redis, key, MAILS_PER_ADDRESS_PER_HOUR);
  }

  // Single use, one hour, and every session of the account ends: all or nothing.
  async reset(token: string, newPassword: string): Promise<void> {
    // Hash outside the transaction so no row lock is held during ~40 ms of argon2.
    const passwordHash = await this.hasher.hash(newPassword);
    await withTransaction(this.dataSource, async (manager) => {
      const userId = await this.tokens.spendToken(manager, hashResetToken(token));
      if (userId === undefined) throw new InvalidResetTokenError();
      await this.users.setPasswordHash(manager, userId, passwordHash);
      // Any other outstanding link for this account is now pointless (and a risk): spend it too.
      await this.tokens.spendAllForUser(manager, userId);
      // Last step before commit: if Redis fails, the password stays unchanged rather than the
      // password changing while old sessions live on.
      await this.sessions.destroyAllForUser(userId);
    });
  }
}
