import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CONSENT_MAILS_MAX, type Language, type PendingConsent } from '@district/contracts';
import { schemaOf } from '@district/service-kit';

export interface ConsentRequestRow {
  id: number;
  name: string;
  school: string;
  grade: number;
  guardian_email: string;
  deadline: Date;
}

// The consent columns of svc-auth's users. Every time is the database's clock (now()), so
// issuing and checking never disagree about expiry.
@Injectable()
export class GuardianConsentRepository {
  private readonly users: string;

  constructor(private readonly dataSource: DataSource) {
    this.users = `"${schemaOf(dataSource)}"."users"`;
  }

  // Counts one more mail unless the account already had CONSENT_MAILS_MAX; false if not pending.
  async countMail(
    manager: EntityManager,
    userId: number,
  ): Promise<'counted' | 'limit' | 'not-pending'> {
    const rows = (await manager.query(
      `UPDATE ${this.users} SET consent_mails_sent = consent_mails_sent + 1
       WHERE id = $1 AND consent_status = 'pending' AND consent_mails_sent < $2
       RETURNING consent_mails_sent`,
      [userId, CONSENT_MAILS_MAX],
    )) as [unknown[], number];
    if (rows[1] > 0) return 'counted';
    const pending = (await manager.query(
      `SELECT 1 FROM ${this.users} WHERE id = $1 AND consent_status = 'pending'`,
      [userId],
    )) as unknown[];
    return pending.length > 0 ? 'limit' : 'not-pending';
  }

  // A new link replaces the previous one. Answers where to send it, or null if no longer pending.
  async issueToken(
    userId: number,
    tokenHash: string,
    ttlDays: number,
  ): Promise<{ name: string; school: string; guardianEmail: string; language: Language } | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE ${this.users} SET consent_token_hash = $2,
         consent_token_expires_at = now() + $3 * interval '1 day'
       WHERE id = $1 AND consent_status = 'pending'
       RETURNING name, school, guardian_email, language`,
      [userId, tokenHash, ttlDays],
    )) as [
      Array<{ name: string; school: string; guardian_email: string; language: Language }>,
      number,
    ];
    const row = rows[0];
    return row
      ? {
          name: row.name,
          school: row.school,
          guardianEmail: row.guardian_email,
          language: row.language,
        }
      : null;
  }

  async findByToken(
    tokenHash: string,
    deadlineDays: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ConsentRequestRow | null> {
    const rows = (await manager.query(
      `SELECT id, name, school, grade, guardian_email,
         consent_requested_at + $2 * interval '1 day' AS deadline
       FROM ${this.users}
       WHERE consent_token_hash = $1 AND consent_token_expires_at > now()
         AND consent_status = 'pending'`,
      [tokenHash, deadlineDays],
    )) as ConsentRequestRow[];
    return rows[0] ?? null;
  }

  // Spends the link: the account is no longer restricted. Answers the account, or null when
  // the link is unknown, used or expired.
  async grant(
    manager: EntityManager,
    tokenHash: string,
    directoryVisible: boolean,
  ): Promise<{ id: number; guardianEmail: string } | null> {
    const [rows] = (await manager.query(
      `UPDATE ${this.users} SET consent_status = 'granted', consent_token_hash = NULL,
         consent_token_expires_at = NULL, directory_visible = $2
       WHERE consent_token_hash = $1 AND consent_token_expires_at > now()
         AND consent_status = 'pending'
       RETURNING id, guardian_email`,
      [tokenHash, directoryVisible],
    )) as [Array<{ id: number; guardian_email: string }>, number];
    return rows[0] ? { id: rows[0].id, guardianEmail: rows[0].guardian_email } : null;
  }

  async listPending(deadlineDays: number): Promise<PendingConsent[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, name, school, grade, guardian_email, consent_requested_at, consent_mails_sent,
         consent_requested_at + $1 * interval '1 day' AS deadline
       FROM ${this.users} WHERE consent_status = 'pending'
       ORDER BY consent_requested_at, id`,
      [deadlineDays],
    )) as Array<{
      id: number;
      name: string;
      school: string;
      grade: number;
      guardian_email: string;
      consent_requested_at: Date;
      consent_mails_sent: number;
      deadline: Date;
    }>;
    return rows.map((row) => ({
      userId: row.id,
      name: row.name,
      school: row.school,
      grade: row.grade,
      guardianEmail: row.guardian_email,
      requestedAt: row.consent_requested_at.toISOString(),
      mailsSent: row.consent_mails_sent,
      deadline: row.deadline.toISOString(),
    }));
  }

  // Accounts whose guardian did not answer within the deadline.
  async findOverdue(deadlineDays: number): Promise<Array<{ id: number; guardianEmail: string }>> {
    const rows = (await this.dataSource.query(
      `SELECT id, guardian_email FROM ${this.users}
       WHERE consent_status = 'pending' AND consent_requested_at <= now() - $1 * interval '1 day'
       ORDER BY id`,
      [deadlineDays],
    )) as Array<{ id: number; guardian_email: string }>;
    return rows.map((row) => ({ id: row.id, guardianEmail: row.guardian_email }));
  }
}
