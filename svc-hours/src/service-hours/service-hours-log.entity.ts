import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ReviewStatus } from '@district/contracts';
import { numericTransformer } from './numeric.transformer';

// One logged stretch of service (SPEC §3 service_hours_logs).
@Entity({ name: 'service_hours_logs' })
export class ServiceHoursLogEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  // Another service's id (svc-volunteer): stored as given, never joined.
  @Column({ name: 'opportunity_id', type: 'integer', nullable: true })
  opportunityId!: number | null;

  // numeric, not float: halves summed over any number of rows stay exact.
  @Column({ type: 'numeric', precision: 4, scale: 1, transformer: numericTransformer })
  hours!: number;

  @Column({ type: 'varchar', length: 2000 })
  description!: string;

  // A calendar day (YYYY-MM-DD), not an instant: no time zone can shift it.
  @Column({ type: 'date' })
  date!: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: ReviewStatus;

  // The supervisor or admin who reviewed the entry (approved or rejected it).
  @Column({ name: 'approved_by', type: 'integer', nullable: true })
  approvedBy!: number | null;

  @Column({ name: 'submitted_at', type: 'timestamptz', default: () => 'now()' })
  submittedAt!: Date;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt!: Date | null;
}
