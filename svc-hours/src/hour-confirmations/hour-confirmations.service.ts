import {
  ConflictException,
  ForbiddenException,
  GoneException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import {
  API_MESSAGES,
  CONFIRMATION_MAILS_MAX,
  CONFIRMATION_TTL_DAYS,
  EVENT_TYPES,
  type HourConfirmationDecision,
  type HourConfirmationView,
  type HoursSettings,
  type Language,
} from '@district/contracts';
import {
  AuditService,
  hasRole,
  LOGGER,
  Mailer,
  MailProcessor,
  OutboxService,
  SERVICE_CONFIG,
  UNKNOWN_SCHOOL_NAME,
  withTransaction,
  type Identity,
} from '@district/service-kit';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import type { HoursConfig } from '../hours.config';
import { hoursCatalogue } from '../hours-catalogue';
import { renderConfirmationMail } from './hour-confirmation-mail.template';
import { HourConfirmationsRepository, type ConfirmationRow } from './hour-confirmations.repository';
import {
  confirmationLink,
  CONFIRMATION_TOKEN_PATTERN,
  createConfirmationToken,
  hashConfirmationToken,
} from './confirmation-token.util';

export const CONFIRMATION_MAIL_JOB = 'hour-confirmation';
const TTL_MS = CONFIRMATION_TTL_DAYS * 24 * 60 * 60 * 1000;

// Where the decision came from: recorded in the audit trail with it.
export interface ConfirmingClient {
  address: string;
  userAgent: string | null;
}

// Undefined without a name (not in the replica yet): the reader's language says "a student".
function firstNameOf(name: string | null): string | undefined {
  return (name ?? '').trim().split(/\s+/)[0] || undefined;
}

// Issue 19: an organisation's contact confirms or declines a logged entry by a mailed link,
// without an account. Unknown link → 404, expired or used → 410; neither says anything else.
@Injectable()
export class HourConfirmationsService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly confirmations: HourConfirmationsRepository,
    private readonly mailJobs: MailProcessor,
    private readonly mailer: Mailer,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    @Inject(SERVICE_CONFIG) private readonly config: HoursConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.mailJobs.handle(CONFIRMATION_MAIL_JOB, (data) => this.deliver(data));
  }

  // Inside the entry's transaction: the request row; the plain token goes to mailAfterCommit.
  async open(
    manager: EntityManager,
    logId: number,
    organisation: string,
    contactEmail: string,
    language: Language,
  ): Promise<string> {
    const { token, tokenHash } = createConfirmationToken();
    await this.confirmations.insert(manager, {
      logId,
      tokenHash,
      contactEmail,
      organisation,
      language,
      expiresAt: new Date(Date.now() + TTL_MS),
    });
    return token;
  }

  // The entry is saved whatever happens to the mail: if the queue is down the student resends.
  async mailAfterCommit(logId: number, token: string): Promise<void> {
    try {
      await this.mailJobs.enqueue(CONFIRMATION_MAIL_JOB, { token });
    } catch (error) {
      this.logger.warn({ err: error, logId }, 'confirmation mail not queued');
    }
  }

  // Worker side: mails the link only while it is still the entry's current, open one.
  async deliver(data: unknown): Promise<void> {
    const token = (data as { token?: unknown } | null)?.token;
    if (typeof token !== 'string') return;
    const row = await this.confirmations.findByTokenHash(hashConfirmationToken(token));
    if (!row || row.decision !== null || new Date(row.expires_at) <= new Date()) return;
    await this.mailer.send(
      renderConfirmationMail({
        to: row.contact_email,
        language: row.language,
        organisation: row.organisation,
        firstName: firstNameOf(row.user_name),
        school: row.school_name || UNKNOWN_SCHOOL_NAME,
        hours: Number(row.hours),
        date: row.date,
        description: row.description,
        link: confirmationLink(this.config.PUBLIC_URL, token),
        expiresAt: new Date(row.expires_at),
      }),
    );
  }

  private async lookUp(token: string, manager?: EntityManager): Promise<ConfirmationRow> {
    const row = CONFIRMATION_TOKEN_PATTERN.test(token)
      ? await this.confirmations.findByTokenHash(
          hashConfirmationToken(token),
          manager,
          manager !== undefined,
        )
      : undefined;
    if (!row) throw new NotFoundException(API_MESSAGES.confirmationNotFound);
    if (row.decision !== null || new Date(row.expires_at) <= new Date())
      throw new GoneException(API_MESSAGES.confirmationGone);
    return row;
  }

  async view(token: string, language: Language): Promise<HourConfirmationView> {
    const row = await this.lookUp(token);
    return {
      firstName: firstNameOf(row.user_name) ?? hoursCatalogue.t(language, 'hours.aStudent'),
      school: row.school_name || UNKNOWN_SCHOOL_NAME,
      hours: Number(row.hours),
      date: row.date,
      description: row.description,
      organisation: row.organisation,
    };
  }

  // One decision per link: the row lock makes a second submit wait and then see it used (410).
  async decide(
    token: string,
    input: HourConfirmationDecision,
    client: ConfirmingClient,
  ): Promise<{ decision: HourConfirmationDecision['decision'] }> {
    return withTransaction(this.dataSource, async (manager) => {
      const row = await this.lookUp(token, manager);
      await this.confirmations.decide(manager, row.id, input.decision, input.comment ?? null);
      const approved =
        input.decision === 'confirmed' &&
        (await this.confirmations.settings(manager)).confirmationApproves
          ? await this.confirmations.approveByConfirmation(manager, row.log_id)
          : undefined;
      if (approved) {
        await this.outbox.add(manager, EVENT_TYPES.hoursApproved, {
          logId: row.log_id,
          userId: approved.user_id,
          hours: Number(approved.hours),
        });
      }
      // No signed-in actor: the contact is named by address, with where the answer came from.
      await this.audit.record(manager, {
        actorId: null,
        action: 'hours.confirm',
        target: { type: 'service-hours', id: row.log_id },
        outcome: 'success',
        detail: {
          decision: input.decision,
          comment: input.comment ?? null,
          contactEmail: row.contact_email,
          organisation: row.organisation,
          clientAddress: client.address,
          userAgent: client.userAgent,
          approved: approved !== undefined,
        },
      });
      return { decision: input.decision };
    });
  }

  // The entry's owner asks for the mail again: a new link replaces the old one, 3 mails at most.
  async resend(user: Identity, logId: number): Promise<void> {
    const token = await withTransaction(this.dataSource, async (manager) => {
      const row = await this.confirmations.findByLogIdForUpdate(manager, logId);
      if (!row) {
        const ownerId = await this.confirmations.findLogOwner(manager, logId);
        if (ownerId === undefined) throw new NotFoundException(API_MESSAGES.serviceHoursNotFound);
        if (ownerId !== user.id) throw new ForbiddenException();
        throw new ConflictException(API_MESSAGES.confirmationNotAsked);
      }
      if (row.user_id !== user.id) throw new ForbiddenException();
      if (row.decision !== null)
        throw new ConflictException(API_MESSAGES.confirmationAlreadyDecided(row.decision));
      if (row.mails_sent >= CONFIRMATION_MAILS_MAX)
        throw new HttpException(API_MESSAGES.confirmationMailLimit, HttpStatus.TOO_MANY_REQUESTS);
      const fresh = createConfirmationToken();
      await this.confirmations.replaceToken(
        manager,
        row.id,
        fresh.tokenHash,
        new Date(Date.now() + TTL_MS),
      );
      return fresh.token;
    });
    await this.mailJobs.enqueue(CONFIRMATION_MAIL_JOB, { token });
  }

  async settings(): Promise<HoursSettings> {
    const { confirmationApproves } = await this.confirmations.settings();
    return { confirmationApproves };
  }

  async updateSettings(admin: Identity, input: HoursSettings): Promise<HoursSettings> {
    if (!hasRole(admin, 'admin')) throw new ForbiddenException();
    return withTransaction(this.dataSource, async (manager) => {
      const before = await this.confirmations.settings(manager);
      await this.confirmations.saveSettings(manager, input.confirmationApproves);
      await this.audit.record(manager, {
        actorId: admin.id,
        action: 'hours-settings.update',
        target: { type: 'hours-settings', id: 1 },
        outcome: 'success',
        detail: {
          from: { confirmationApproves: before.confirmationApproves },
          to: { confirmationApproves: input.confirmationApproves },
        },
      });
      return { confirmationApproves: input.confirmationApproves };
    });
  }
}
