import {
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
  OnModuleInit,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  API_MESSAGES,
  CONSENT_MESSAGES,
  CONSENT_TOKEN_TTL_DAYS,
  guardianConsentUrl,
  type GuardianConsentRequest,
  type PendingConsent,
} from '@district/contracts';
import {
  AuditService,
  LOGGER,
  Mailer,
  MailProcessor,
  OutboxService,
  SERVICE_CONFIG,
  withTransaction,
  type Identity,
  type Logger,
} from '@district/service-kit';
import { AdminUsersService } from '../admin-users/admin-users.service';
import type { AuthConfig } from '../auth.config';
import { createResetToken, hashResetToken } from '../password-reset/reset-token.util';
import { PrivacySettingsRepository } from '../privacy/privacy-settings.repository';
import { toUserEventPayload, type UserView } from '../users/user-view';
import { UsersRepository } from '../users/users.repository';
import { mailWriter } from '../mail/mail-texts';
import { renderGuardianConsentMail } from './guardian-consent-mail.template';
import { GuardianConsentRepository } from './guardian-consent.repository';

const CONSENT_MAIL_JOB = 'guardian-consent';
const DEFAULT_DEADLINE_DAYS = 30;

// Where the guardian answered from: kept in the audit trail with the answer.
export interface ConsentClient {
  address: string;
  userAgent: string | null;
}

export class InvalidConsentLinkError extends NotFoundException {
  constructor() {
    super(CONSENT_MESSAGES.invalidConsentLink);
  }
}

// Issue 20 "Guardian consent under 13": the guardian's link, their answer, admins' resends and
// the deletion of accounts nobody consented for.
@Injectable()
export class GuardianConsentService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly consents: GuardianConsentRepository,
    private readonly users: UsersRepository,
    private readonly settings: PrivacySettingsRepository,
    private readonly adminUsers: AdminUsersService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly mailJobs: MailProcessor,
    private readonly mailer: Mailer,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // Config built outside authConfigSchema (tests) may leave it out.
  private get deadlineDays(): number {
    return this.config.CONSENT_DEADLINE_DAYS ?? DEFAULT_DEADLINE_DAYS;
  }

  onModuleInit(): void {
    this.mailJobs.handle(CONSENT_MAIL_JOB, (data) => this.deliver(data));
  }

  // The job carries only the account id: the token is made in the worker, so the plain token
  // never sits in Redis. Each mail is a new link and the previous one stops working.
  requestMail(userId: number): Promise<void> {
    return this.mailJobs.enqueue(CONSENT_MAIL_JOB, { userId });
  }

  // Registration's mail counts towards the limit.
  async countFirstMail(manager: EntityManager, userId: number): Promise<void> {
    await this.consents.countMail(manager, userId);
  }

  async deliver(data: unknown): Promise<void> {
    const userId = (data as { userId?: unknown } | null)?.userId;
    if (typeof userId !== 'number') return;
    const { token, tokenHash } = createResetToken();
    const account = await this.consents.issueToken(userId, tokenHash, CONSENT_TOKEN_TTL_DAYS);
    // Consented, refused or deleted since the mail was queued.
    if (!account) return;
    // Issue 22: the account keeps the registering browser's language.
    const mail = renderGuardianConsentMail(mailWriter(account.language), {
      studentName: account.name,
      school: account.school,
      link: new URL(guardianConsentUrl(token), this.config.PUBLIC_URL).toString(),
      deadlineDays: this.deadlineDays,
    });
    await this.mailer.send({ to: account.guardianEmail, ...mail });
  }

  async read(token: string): Promise<GuardianConsentRequest> {
    const row = await this.consents.findByToken(hashResetToken(token), this.deadlineDays);
    if (!row) throw new InvalidConsentLinkError();
    return {
      studentName: row.name,
      school: row.school,
      grade: row.grade,
      deadline: row.deadline.toISOString(),
    };
  }

  // Single use: the link is spent with the answer. The row, the user.updated that lifts the
  // replicas' restriction and the audit record commit together.
  async consent(token: string, client: ConsentClient): Promise<UserView> {
    return withTransaction(this.dataSource, async (manager) => {
      const { directoryVisibleByDefault } = await this.settings.read(manager);
      const granted = await this.consents.grant(
        manager,
        hashResetToken(token),
        directoryVisibleByDefault,
      );
      if (!granted) throw new InvalidConsentLinkError();
      const { view, active } = (await this.users.findForEvent(granted.id, manager))!;
      await this.outbox.add(manager, 'user.updated', toUserEventPayload(view, active));
      await this.audit.record(manager, {
        actorId: null,
        action: 'consent.grant',
        target: { type: 'user', id: granted.id },
        outcome: 'success',
        detail: {
          guardianEmail: granted.guardianEmail,
          at: new Date().toISOString(),
          address: client.address,
          userAgent: client.userAgent,
        },
      });
      return view;
    });
  }

  // The account goes through the admins' deletion path (user.deleted to every service).
  async refuse(token: string, client: ConsentClient): Promise<void> {
    const row = await this.consents.findByToken(hashResetToken(token), this.deadlineDays);
    if (!row) throw new InvalidConsentLinkError();
    try {
      await this.adminUsers.deleteWithoutConsent('consent.refuse', row.id, {
        guardianEmail: row.guardian_email,
        at: new Date().toISOString(),
        address: client.address,
        userAgent: client.userAgent,
      });
    } catch (error) {
      // Two answers at once: the other one deleted it.
      if (error instanceof NotFoundException) throw new InvalidConsentLinkError();
      throw error;
    }
  }

  listPending(): Promise<PendingConsent[]> {
    return this.consents.listPending(this.deadlineDays);
  }

  // At most CONSENT_MAILS_MAX mails per account (registration's included), then 409.
  async resend(actor: Identity, userId: number): Promise<void> {
    await withTransaction(this.dataSource, async (manager) => {
      const outcome = await this.consents.countMail(manager, userId);
      if (outcome === 'not-pending') {
        if (!(await this.users.findView(userId, manager)))
          throw new NotFoundException(API_MESSAGES.userNotFound);
        throw new ConflictException(CONSENT_MESSAGES.notPending);
      }
      if (outcome === 'limit') throw new ConflictException(CONSENT_MESSAGES.resendLimit);
      await this.audit.record(manager, {
        actorId: actor.id,
        action: 'consent.resend',
        target: { type: 'user', id: userId },
        outcome: 'success',
      });
    });
    await this.requestMail(userId);
  }

  // The scheduled sweep: accounts still pending after CONSENT_DEADLINE_DAYS are deleted.
  async deleteOverdue(): Promise<number[]> {
    const overdue = await this.consents.findOverdue(this.deadlineDays);
    const deleted: number[] = [];
    for (const account of overdue) {
      try {
        await this.adminUsers.deleteWithoutConsent('consent.expire', account.id, {
          guardianEmail: account.guardianEmail,
        });
        deleted.push(account.id);
      } catch (error) {
        if (!(error instanceof NotFoundException)) throw error;
      }
    }
    if (deleted.length > 0) this.logger.info({ deleted }, 'deleted accounts without consent');
    return deleted;
  }
}
