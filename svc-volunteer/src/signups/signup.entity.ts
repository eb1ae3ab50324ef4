import {
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { OpportunityEntity } from '../opportunities/opportunity.entity';

// Inserting or deleting a row moves opportunities.filled (a trigger, see the first migration).
@Entity({ name: 'signups' })
@Unique('signups_opportunity_user_key', ['opportunityId', 'userId'])
@Index('signups_user_id_idx', ['userId'])
export class SignupEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ name: 'opportunity_id', type: 'integer' })
  opportunityId!: number;

  @ManyToOne(() => OpportunityEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'opportunity_id', foreignKeyConstraintName: 'signups_opportunity_id_fkey' })
  opportunity?: OpportunityEntity;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
