import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { ConfirmationDecision, Language } from '@district/contracts';
import { ServiceHoursLogEntity } from '../service-hours/service-hours-log.entity';

// Issue 19: an organisation's contact asked by e-mail to confirm one logged entry. One row per
// entry; a resent mail replaces the token (the old link stops working).
@Entity({ name: 'hour_confirmations' })
@Index('hour_confirmations_log_key', ['logId'], { unique: true })
@Index('hour_confirmations_token_key', ['tokenHash'], { unique: true })
@Check('hour_confirmations_decision_check', `"decision" IN ('confirmed', 'declined')`)
// Decided means a decision and its time, together.
@Check('hour_confirmations_decided_check', `("decision" IS NULL) = ("decided_at" IS NULL)`)
export class HourConfirmationEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  // The entry; the confirmation goes with it (a deleted account's logs take theirs along).
  @Column({ name: 'log_id', type: 'integer' })
  logId!: number;

  @ManyToOne(() => ServiceHoursLogEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'log_id' })
  log?: ServiceHoursLogEntity;

  // sha256 (hex) of the token in the mail; the plain token is never stored.
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'contact_email', type: 'varchar', length: 254 })
  contactEmail!: string;

  @Column({ type: 'varchar', length: 200 })
  organisation!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  decision!: ConfirmationDecision | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  comment!: string | null;

  // Issue 22: the language of the request that logged the entry; every mail for it (resends
  // too) goes out in it.
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  // Mails sent for the entry, the first included (at most CONFIRMATION_MAILS_MAX).
  @Column({ name: 'mails_sent', type: 'integer', default: 1 })
  mailsSent!: number;
}
