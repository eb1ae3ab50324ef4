import { Check, Column, Entity, Index } from 'typeorm';
import type { ReviewStatus } from '@district/contracts';
import { studentOpportunityRow } from '../opportunities/student-opportunity-row';

@Entity({ name: 'event_photos' })
@Check('event_photos_status_check', `"status" IN ('pending', 'approved', 'rejected')`)
@Index('event_photos_opportunity_id_idx', ['opportunityId', 'submittedAt'])
@Index('event_photos_user_id_idx', ['userId'])
export class EventPhotoEntity extends studentOpportunityRow('event_photos') {
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
