import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { Language } from '@district/contracts';
import { numericTransformer } from '@district/service-kit';

// Case-insensitive uniqueness lives in the database (unique index on lower(username)) so a race
// between two registrations still ends in one row and one clean 400. TypeORM cannot declare an
// expression index: these two are named here with synchronize: false (the schema builder leaves
// them alone) and created by the first migration; a new one goes in a hand-written migration.
@Entity({ name: 'users' })
@Index('users_username_lower_key', { synchronize: false })
// Password reset looks users up by e-mail, case-insensitively.
@Index('users_email_lower_idx', { synchronize: false })
@Check('users_service_hours_check', '"service_hours" >= 0')
@Check('users_consent_status_check', `"consent_status" IN ('pending', 'granted')`)
@Check('users_language_check', `"language" IN ('en', 'es')`)
export class User {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'varchar', length: 50 })
  username!: string;

  // null: no platform password (issue 31: the account signs in with the district's provider).
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true, select: false })
  passwordHash!: string | null;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 200 })
  school!: string;

  @Column({ type: 'integer' })
  grade!: number;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin!: boolean;

  @Column({ name: 'is_supervisor', type: 'boolean', default: false })
  isSupervisor!: boolean;

  // Issue 20: whether other students see them in the directory and sign-up lists; new accounts
  // take the district policy (privacy_settings).
  @Column({ name: 'directory_visible', type: 'boolean', default: true })
  directoryVisible!: boolean;

  // Issue 20 guardian consent mode only (null otherwise). Never leaves svc-auth but in the
  // student's own export.
  @Column({ name: 'date_of_birth', type: 'date', nullable: true })
  dateOfBirth!: string | null;

  @Column({ name: 'guardian_email', type: 'varchar', length: 254, nullable: true })
  guardianEmail!: string | null;

  // null: no guardian consent asked (school mode, 13 or over); 'pending': restricted until the
  // guardian consents; 'granted'.
  @Column({ name: 'consent_status', type: 'varchar', length: 16, nullable: true })
  consentStatus!: 'pending' | 'granted' | null;

  @Column({ name: 'consent_requested_at', type: 'timestamptz', nullable: true })
  consentRequestedAt!: Date | null;

  // sha256 of the newest link's token (each mail replaces the previous link); null once used.
  @Index('users_consent_token_hash_key', { unique: true })
  @Column({ name: 'consent_token_hash', type: 'char', length: 64, nullable: true })
  consentTokenHash!: string | null;

  @Column({ name: 'consent_token_expires_at', type: 'timestamptz', nullable: true })
  consentTokenExpiresAt!: Date | null;

  // Consent mails queued for this account (registration and admins' resends), at most 3.
  @Column({ name: 'consent_mails_sent', type: 'integer', default: 0 })
  consentMailsSent!: number;

  // Issue 22: what the platform and the user's e-mails speak to them (and, in guardian mode, the
  // consent mail to their guardian: the registering browser's language).
  @Column({ type: 'varchar', length: 8, default: 'en' })
  language!: Language;

  // Issue 31: false once a full roster import no longer has them: kept with their hours and
  // records, but signed out, unable to sign in and hidden from every list, until a later roster
  // has them again.
  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Column({ name: 'avatar_url', type: 'varchar', length: 2048, nullable: true })
  avatarUrl!: string | null;

  // Hours declared at registration; approved logged hours live in hour_credits.
  @Column({
    name: 'service_hours',
    type: 'numeric',
    precision: 8,
    scale: 1,
    default: 0,
    transformer: numericTransformer,
  })
  serviceHours!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
