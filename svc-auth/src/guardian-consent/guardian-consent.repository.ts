import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, type Repository } from 'typeorm';
import { CONSENT_MAILS_MAX, type Language, type PendingConsent } from '@district/contracts';
import { User } from '../users/user.entity';

export interface ConsentRequestRow {
  id: number;
  name: string;
  school: string;
  grade: number;
  guardian_email: string;
  deadline: Date;
}

// A link is live while unexpired and the account still waits for its guardian.
const LIVE_LINK =
  'consent_token_hash = :tokenHash AND consent_token_expires_at > now() AND consent_status = :pending';

// The consent columns of svc-auth's users. Every time is the database's clock (now()), so
// issuing and checking never disagree about expiry.
@Injectable()
export class GuardianConsentRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  // Counts one more mail unless the account already had CONSENT_MAILS_MAX; false if not pending.
  async countMail(
    manager: EntityManager,
    userId: number,
  ): Promise<'counted' | 'limit' | 'not-pending'> {
    const result = await manager
      .createQueryBuilder()
      .update(User)
      .set({ consentMailsSent: () => 'consent_mails_sent + 1' })
      .where('id = :userId AND consent_status = :pending AND consent_mails_sent < :max', {
        userId,
        pending: 'pending',
        max: CONSENT_MAILS_MAX,
      })
      .execute();
    if ((result.affected ?? 0) > 0) return 'counted';
    const pending = await manager
      .getRepository(User)
      .exists({ where: { id: userId, consentStatus: 'pending' } });
    return pending ? 'limit' : 'not-pending';
  }

  // A new link replaces the previous one. Answers where to send it, or null if no longer pending.
  async issueToken(
    userId: number,
    tokenHash: string,
    ttlDays: number,
  ): Promise<{ name: string; school: string; guardianEmail: string; language: Language } | null> {
    const result = await this.users
      .createQueryBuilder()
      .update()
      .set({
        consentTokenHash: tokenHash,
        consentTokenExpiresAt: () => "now() + :ttlDays * interval '1 day'",
      })
      .where('id = :userId AND consent_status = :pending', { userId, pending: 'pending' })
      .setParameter('ttlDays', ttlDays)
      .returning(['name', 'school', 'guardianEmail', 'language'])
      .execute();
    const row = (
      result.raw as Array<{
        name: string;
        school: string;
        guardian_email: string;
        language: Language;
      }>
    )[0];
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
    manager?: EntityManager,
  ): Promise<ConsentRequestRow | null> {
    const row = await (manager ? manager.getRepository(User) : this.users)
      .createQueryBuilder('u')
      .select('u.id', 'id')
      .addSelect('u.name', 'name')
      .addSelect('u.school', 'school')
      .addSelect('u.grade', 'grade')
      .addSelect('u.guardian_email', 'guardian_email')
      .addSelect("u.consent_requested_at + :deadlineDays * interval '1 day'", 'deadline')
      .where(LIVE_LINK, { tokenHash, pending: 'pending' })
      .setParameter('deadlineDays', deadlineDays)
      .getRawOne<ConsentRequestRow>();
    return row ?? null;
  }

  // Spends the link: the account is no longer restricted. Answers the account, or null when
  // the link is unknown, used or expired.
  async grant(
    manager: EntityManager,
    tokenHash: string,
    directoryVisible: boolean,
  ): Promise<{ id: number; guardianEmail: string } | null> {
    const result = await manager
      .createQueryBuilder()
      .update(User)
      .set({
        consentStatus: 'granted',
        consentTokenHash: null,
        consentTokenExpiresAt: null,
        directoryVisible,
      })
      .where(LIVE_LINK, { tokenHash, pending: 'pending' })
      .returning(['id', 'guardianEmail'])
      .execute();
    const row = (result.raw as Array<{ id: number; guardian_email: string }>)[0];
    return row ? { id: row.id, guardianEmail: row.guardian_email } : null;
  }

  async listPending(deadlineDays: number): Promise<PendingConsent[]> {
    const rows = await this.users
      .createQueryBuilder('u')
      .select('u.id', 'id')
      .addSelect('u.name', 'name')
      .addSelect('u.school', 'school')
      .addSelect('u.grade', 'grade')
      .addSelect('u.guardian_email', 'guardian_email')
      .addSelect('u.consent_requested_at', 'consent_requested_at')
      .addSelect('u.consent_mails_sent', 'consent_mails_sent')
      .addSelect("u.consent_requested_at + :deadlineDays * interval '1 day'", 'deadline')
      .where('u.consent_status = :pending', { pending: 'pending' })
      // Issue 31: people a roster import deactivated are hidden from every list.
      .andWhere('u.active')
      .setParameter('deadlineDays', deadlineDays)
      .orderBy('u.consentRequestedAt')
      .addOrderBy('u.id')
      .getRawMany<{
        id: number;
        name: string;
        school: string;
        grade: number;
        guardian_email: string;
        consent_requested_at: Date;
        consent_mails_sent: number;
        deadline: Date;
      }>();
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
    const rows = await this.users
      .createQueryBuilder('u')
      .select('u.id', 'id')
      .addSelect('u.guardian_email', 'guardian_email')
      .where('u.consent_status = :pending', { pending: 'pending' })
      .andWhere("u.consent_requested_at <= now() - :deadlineDays * interval '1 day'", {
        deadlineDays,
      })
      .orderBy('u.id')
      .getRawMany<{ id: number; guardian_email: string }>();
    return rows.map((row) => ({ id: row.id, guardianEmail: row.guardian_email }));
  }
}
