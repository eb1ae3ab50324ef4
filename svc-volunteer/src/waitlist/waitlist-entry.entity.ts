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

// One student waiting for a spot on a full opportunity (issue 18). The line is ordered by
// created_at (then id); both are taken under the opportunity's row lock, so they agree.
@Entity({ name: 'waitlist_entries' })
@Unique('waitlist_entries_opportunity_user_key', ['opportunityId', 'userId'])
@Index('waitlist_entries_line_idx', ['opportunityId', 'createdAt', 'id'])
@Index('waitlist_entries_user_id_idx', ['userId'])
export class WaitlistEntryEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ name: 'opportunity_id', type: 'integer' })
  opportunityId!: number;

  @ManyToOne(() => OpportunityEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({
    name: 'opportunity_id',
    foreignKeyConstraintName: 'waitlist_entries_opportunity_id_fkey',
  })
  opportunity?: OpportunityEntity;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  createdAt!: Date;
}
