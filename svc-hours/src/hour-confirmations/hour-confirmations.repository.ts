import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ConfirmationDecision, Language } from '@district/contracts';
import type { EntityManager, Repository } from 'typeorm';
import { HourConfirmationEntity } from './hour-confirmation.entity';
import { HoursSettingsEntity } from './hours-settings.entity';
import { ServiceHoursLogEntity } from '../service-hours/service-hours-log.entity';

// The confirmation with what its page and mail show of the entry (replica name and school).
export interface ConfirmationRow {
  id: number;
  log_id: number;
  user_id: number;
  contact_email: string;
  language: Language;
  organisation: string;
  expires_at: Date;
  decision: ConfirmationDecision | null;
  mails_sent: number;
  hours: string;
  date: string;
  description: string;
  status: string;
  user_name: string | null;
  school_name: string | null;
}

const CONFIRMATION_VIEW = `SELECT c."id", c."log_id", l."user_id", c."contact_email", c."language", c."organisation",
    c."expires_at", c."decision", c."mails_sent", l."hours"::text AS "hours", l."date"::text AS "date",
    l."description", l."status", u."name" AS "user_name", u."school_name" AS "school_name"
  FROM "hour_confirmations" c
  JOIN "service_hours_logs" l ON l."id" = c."log_id"
  LEFT JOIN "users" u ON u."id" = l."user_id"`;

@Injectable()
export class HourConfirmationsRepository {
  constructor(
    @InjectRepository(HourConfirmationEntity)
    private readonly repo: Repository<HourConfirmationEntity>,
  ) {}

  async insert(
    manager: EntityManager,
    row: Pick<
      HourConfirmationEntity,
      'logId' | 'tokenHash' | 'contactEmail' | 'organisation' | 'expiresAt' | 'language'
    >,
  ): Promise<void> {
    await manager.getRepository(HourConfirmationEntity).insert(row);
  }

  // lock: the row stays locked until the caller's transaction ends (one decision per token).
  async findByTokenHash(
    tokenHash: string,
    manager: EntityManager = this.repo.manager,
    lock = false,
  ): Promise<ConfirmationRow | undefined> {
    // raw SQL: the page's snake_case row (joined replica name and school, numerics as text, so
    // 0.5 hours stay exact) with `FOR UPDATE OF c`, shared with findByLogIdForUpdate.
    const rows: ConfirmationRow[] = await manager.query(
      `${CONFIRMATION_VIEW} WHERE c."token_hash" = $1${lock ? ' FOR UPDATE OF c' : ''}`,
      [tokenHash],
    );
    return rows[0];
  }

  async findByLogIdForUpdate(
    manager: EntityManager,
    logId: number,
  ): Promise<ConfirmationRow | undefined> {
    // raw SQL: the same view as findByTokenHash, locking only the confirmation row (`OF c`).
    const rows: ConfirmationRow[] = await manager.query(
      `${CONFIRMATION_VIEW} WHERE c."log_id" = $1 FOR UPDATE OF c`,
      [logId],
    );
    return rows[0];
  }

  async decide(
    manager: EntityManager,
    id: number,
    decision: ConfirmationDecision,
    comment: string | null,
  ): Promise<void> {
    await manager
      .getRepository(HourConfirmationEntity)
      .update({ id }, { decision, comment, decidedAt: () => 'now()' });
  }

  // A resent mail: the new token replaces the old one, whose link stops working.
  async replaceToken(
    manager: EntityManager,
    id: number,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<void> {
    await manager
      .getRepository(HourConfirmationEntity)
      .update({ id }, { tokenHash, expiresAt, mailsSent: () => '"mails_sent" + 1' });
  }

  // pending → approved by the confirmation itself (no reviewer); undefined if no longer pending.
  async approveByConfirmation(
    manager: EntityManager,
    logId: number,
  ): Promise<{ user_id: number; hours: string } | undefined> {
    // raw SQL: one conditional UPDATE … RETURNING with the hours as text (exact numeric); the
    // Repository API's update cannot return the row.
    const [rows]: [Array<{ user_id: number; hours: string }>, number] = await manager.query(
      `UPDATE "service_hours_logs" SET "status" = 'approved', "approved_by" = NULL, "reviewed_at" = now(),
         "rejection_reason" = NULL
       WHERE "id" = $1 AND "status" = 'pending' RETURNING "user_id", "hours"::text AS "hours"`,
      [logId],
    );
    return rows[0];
  }

  // The owner of an entry without a confirmation request (resend's 404/403/409); undefined if none.
  async findLogOwner(manager: EntityManager, logId: number): Promise<number | undefined> {
    const log = await manager
      .getRepository(ServiceHoursLogEntity)
      .findOne({ select: { id: true, userId: true }, where: { id: logId } });
    return log?.userId;
  }

  // The one settings row; absent until an admin first saves (then the defaults apply).
  async settings(manager: EntityManager = this.repo.manager): Promise<HoursSettingsEntity> {
    const found = await manager.getRepository(HoursSettingsEntity).findOneBy({ id: 1 });
    return (
      found ?? Object.assign(new HoursSettingsEntity(), { id: 1, confirmationApproves: false })
    );
  }

  async saveSettings(manager: EntityManager, confirmationApproves: boolean): Promise<void> {
    await manager
      .getRepository(HoursSettingsEntity)
      .upsert({ id: 1, confirmationApproves }, ['id']);
  }
}
