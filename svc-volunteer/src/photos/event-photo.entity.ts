import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { ReviewStatus } from '@district/contracts';
import { OpportunityEntity } from '../opportunities/opportunity.entity';

@Entity({ name: 'event_photos' })
@Check('event_photos_status_check', `"status" IN ('pending', 'approved', 'rejected')`)
@Index('event_photos_opportunity_id_idx', ['opportunityId', 'submittedAt'])
@Index('event_photos_user_id_idx', ['userId'])
export class EventPhotoEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ name: 'opportunity_id', type: 'integer' })
  opportunityId!: number;

  @ManyToOne(() => OpportunityEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({
    name: 'opportunity_id',
    foreignKeyConstraintName: 'event_photos_opportunity_id_fkey',
  })
  opportunity?: OpportunityEntity;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'photo_url', type: 'varchar', length: 2048 })
  photoUrl!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  caption!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: ReviewStatus;

  @Column({ name: 'submitted_at', type: 'timestamptz', default: () => 'now()' })
  submittedAt!: Date;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt!: Date | null;
}
