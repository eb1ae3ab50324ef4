import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
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
export class User {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'varchar', length: 50 })
  username!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, select: false })
  passwordHash!: string;

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
