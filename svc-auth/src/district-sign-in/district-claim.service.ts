import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DISTRICT_CLAIM_TTL_MINUTES,
  DISTRICT_SIGN_IN_PATHS,
  type Language,
} from '@district/contracts';
import {
  AuditService,
  LOGGER,
  Mailer,
  MailProcessor,
  REDIS,
  SERVICE_CONFIG,
  withTransaction,
  type Logger,
  type Redis,
} from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import { withinHourlyMailLimit } from '../mail/hourly-mail-limit';
import { mailWriter } from '../mail/mail-texts';
import { renderClaimMail } from '../mail/reset-mail.template';
import { createResetToken, hashResetToken } from '../password-reset/reset-token.util';
import { SessionStore } from '../sessions/session-store';
import { UsersRepository } from '../users/users.repository';
import { DistrictIdentitiesRepository } from './district-identities.repository';
import type { PendingLink } from './pending-sign-ins';

const CLAIM_MAIL_JOB = 'district-claim';
// Nobody floods a student's inbox by signing in again and again; extra requests are dropped.
const CLAIM_MAILS_PER_ACCOUNT_PER_HOUR = 3;

// Issue 31, a squatted e-mail: a district sign-in met a password account with the person's
// address, and they never made that password (someone registered with their address before the
// roster policy, or under the open one). The district's provider proved they own the mailbox;
// password registration never proved anything. So a one-time link goes to that address, and
// whoever opens it (the mailbox's owner) gets the account for their district identity: linked,
// password removed, every session ended, audited.
@Injectable()
export class DistrictClaimService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly identities: DistrictIdentitiesRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionStore,
    private readonly audit: AuditService,
    private readonly mailJobs: MailProcessor,
    private readonly mailer: Mailer,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.mailJobs.handle(CLAIM_MAIL_JOB, (data) => this.deliver(data as PendingLink));
  }

  // The answer does not wait for the mail server (a worker sends it, with retries).
  async request(pending: PendingLink): Promise<void> {
    await this.mailJobs.enqueue(CLAIM_MAIL_JOB, pending);
  }

  // Worker side: the link goes to the account's own address, in its language.
  async deliver(pending: PendingLink): Promise<void> {
    const [account] = await this.users.findContacts([pending.userId]);
    if (!account) return;
    if (!(await this.withinMailLimit(account.id))) {
      this.logger.warn({ account: account.id }, 'district claim mail limit reached');
      return;
    }
    const { token, tokenHash } = createResetToken();
    await this.identities.insertClaimToken(
      { userId: account.id, issuer: pending.issuer, subject: pending.subject, tokenHash },
      DISTRICT_CLAIM_TTL_MINUTES,
    );
    const link = new URL(`${DISTRICT_SIGN_IN_PATHS.claim}/${token}`, this.config.PUBLIC_URL);
    const mail = renderClaimMail(mailWriter(account.language), {
      name: account.name,
      username: account.username,
      email: account.email,
      link: link.toString(),
      minutes: DISTRICT_CLAIM_TTL_MINUTES,
    });
    await this.mailer.send({ to: account.email, ...mail });
  }

  // The link opened: the account it names, now the district identity's, or null when the link is
  // unknown, spent or expired, or the identity meanwhile opens another account. All or nothing;
  // the sessions end last, so a Redis failure leaves the password in place rather than a
  // squatter's session alive.
  claim(token: string): Promise<{ userId: number; subject: string; language: Language } | null> {
    return withTransaction(this.dataSource, async (manager) => {
      const claim = await this.identities.spendClaimToken(manager, hashResetToken(token));
      if (!claim) return null;
      const linked = await this.identities.findUserId(claim.issuer, claim.subject, manager);
      if (linked !== null && linked !== claim.userId) return null;
      await this.identities.link(manager, claim.userId, claim.issuer, claim.subject);
      await this.identities.removePassword(manager, claim.userId);
      await this.audit.record(manager, {
        actorId: claim.userId,
        action: 'user.district-claim',
        target: { type: 'user', id: claim.userId },
        outcome: 'success',
        detail: { issuer: claim.issuer, passwordRemoved: true },
      });
      const [account] = await this.users.findContacts([claim.userId], manager);
      await this.sessions.destroyAllForUser(claim.userId);
      return { userId: claim.userId, subject: claim.subject, language: account?.language ?? 'en' };
    });
  }

  private withinMailLimit(userId: number): Promise<boolean> {
    const key = `${this.config.BULLMQ_PREFIX}:district-claim-mail:${userId}`;
    return withinHourlyMailLimit(this.redis, key, CLAIM_MAILS_PER_ACCOUNT_PER_HOUR);
  }
}
