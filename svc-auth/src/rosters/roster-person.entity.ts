import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { User } from '../users/user.entity';

// Issue 31: one person of the district's roster (OneRoster users.csv, keyed by sourcedId), as
// the last import left them. Under the roster policy only an active person here may activate an
// account; `user_id` is the account they activated (one each).
@Entity({ name: 'roster_people' })
// Registration looks people up by e-mail, case-insensitively (expression index, created by the
// migration; see user.entity.ts).
@Index('roster_people_email_lower_idx', { synchronize: false })
@Check('roster_people_role_check', `"role" IN ('student', 'teacher', 'administrator')`)
export class RosterPerson {
  @PrimaryColumn({
    name: 'sourced_id',
    type: 'varchar',
    length: 255,
    primaryKeyConstraintName: 'roster_people_pkey',
  })
  sourcedId!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: 'student' | 'teacher' | 'administrator';

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @Column({ name: 'given_name', type: 'varchar', length: 100 })
  givenName!: string;

  @Column({ name: 'family_name', type: 'varchar', length: 100 })
  familyName!: string;

  // The registry name of the person's school.
  @Column({ type: 'varchar', length: 200 })
  school!: string;

  @Column({ type: 'integer', nullable: true })
  grade!: number | null;

  // false: missing from the last full import (their account, if any, is deactivated too).
  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Index('roster_people_user_id_key', { unique: true })
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'roster_people_user_id_fkey' })
  user?: User;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
