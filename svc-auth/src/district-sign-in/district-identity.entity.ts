import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { User } from '../users/user.entity';

// Issue 31: an account's link to a person at the district's provider. The provider's (issuer,
// subject) pair is the stable key: e-mail addresses get renamed and reused, subjects do not.
@Entity({ name: 'district_identities' })
@Index('district_identities_issuer_subject_key', ['issuer', 'subject'], { unique: true })
@Index('district_identities_user_id_idx', ['userId'])
export class DistrictIdentity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'district_identities_user_id_fkey' })
  user?: User;

  @Column({ type: 'varchar', length: 2048 })
  issuer!: string;

  @Column({ type: 'varchar', length: 255 })
  subject!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
