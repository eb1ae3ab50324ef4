import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { User } from '../users/user.entity';

// Issue 31: a school's join code. A registration takes one use in its own transaction (an UPDATE
// whose WHERE re-checks expiry, revocation and uses left), so racing registrations never exceed
// `uses`. Shown to supervisors and admins to hand out, so kept as typed (it opens registration at
// one school, it does not sign anyone in).
@Entity({ name: 'join_codes' })
@Check('join_codes_uses_check', '"uses" > 0')
@Check('join_codes_used_check', '"used" >= 0 AND "used" <= "uses"')
export class JoinCode {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'join_codes_pkey',
  })
  id!: number;

  // Normalised (normalizeJoinCode): upper case, no spaces or dashes.
  @Index('join_codes_code_key', { unique: true })
  @Column({ type: 'varchar', length: 32 })
  code!: string;

  // The registry name; the code sets the new account's school.
  @Column({ type: 'varchar', length: 200 })
  school!: string;

  @Column({ type: 'integer' })
  uses!: number;

  @Column({ type: 'integer', default: 0 })
  used!: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy!: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'join_codes_created_by_fkey' })
  creator?: User;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
