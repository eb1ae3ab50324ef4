import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ReviewStatus } from '@district/contracts';

@Entity({ name: 'event_photos' })
export class EventPhotoEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ name: 'opportunity_id', type: 'integer' })
  opportunityId!: number;

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
