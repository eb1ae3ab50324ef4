import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { HoursSource, ReviewStatus } from '@district/contracts';
import { numericTransformer } from '@district/service-kit';

// One logged stretch of service (SPEC §3 service_hours_logs).
// Indexes and checks as the first migration created them (DESC there; PostgreSQL reads a btree
// either way, and TypeORM's @Index has no column order, so the entity lists the columns only).
@Entity({ name: 'service_hours_logs' })
// Own entries, newest first; also what user.deleted removes.
@Index('service_hours_logs_user_idx', ['userId', 'submittedAt', 'id'])
// The supervisor tabs (pending / approved / rejected), newest first.
@Index('service_hours_logs_status_idx', ['status', 'submittedAt', 'id'])
@Index('service_hours_logs_submitted_idx', ['submittedAt', 'id'])
// SPEC §5/§9 held by the database too: 0.5 to 24 in exact halves.
@Check(
  'service_hours_logs_hours_check',
  `"hours" >= 0.5 AND "hours" <= 24 AND "hours" * 2 = trunc("hours" * 2)`,
)
// A student's own words need ten characters; an attendance entry carries the event's title.
@Check(
  'service_hours_logs_description_check',
  `"source" <> 'manual' OR char_length(btrim("description")) >= 10`,
)
@Check('service_hours_logs_source_check', `"source" IN ('manual', 'roster', 'check-in')`)
// Issue 18: one attendance entry per (user, opportunity), however often the event is delivered.
@Index('service_hours_logs_attendance_key', ['userId', 'opportunityId'], {
  unique: true,
  where: `"source" <> 'manual'`,
})
// The supervisor's duplicate flag looks up attendance entries by user and day.
@Index('service_hours_logs_attendance_day_idx', ['userId', 'date'], {
  where: `"source" <> 'manual'`,
})
@Check('service_hours_logs_status_check', `"status" IN ('pending', 'approved', 'rejected')`)
// A reviewed entry always names its reviewer; a pending one never does.
@Check(
  'service_hours_logs_reviewer_check',
  `("status" = 'pending') = ("approved_by" IS NULL AND "reviewed_at" IS NULL)`,
)
// Issue 33: a rejection's reason never stays on an approved entry.
@Check(
  'service_hours_logs_rejection_reason_check',
  `"rejection_reason" IS NULL OR "status" <> 'approved'`,
)
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

  // 'manual': logged by the student; 'roster' / 'check-in': made from attendance (issue 18).
  @Column({ type: 'varchar', length: 16, default: 'manual' })
  source!: HoursSource;

  @Column({ name: 'submitted_at', type: 'timestamptz', default: () => 'now()' })
  submittedAt!: Date;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt!: Date | null;

  // Issue 33: why a supervisor rejected it (kept while the corrected entry waits for review).
  @Column({ name: 'rejection_reason', type: 'varchar', length: 500, nullable: true })
  rejectionReason!: string | null;
}
