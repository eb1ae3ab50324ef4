import { Check, Column, Entity, Unique } from 'typeorm';
import type { AttendanceMethod } from '@district/contracts';
import { studentOpportunityRow } from '../opportunities/student-opportunity-row';

// Issue 18: whether a signed-up student came, as an admin marked it on the roster or as the
// student checked in with the event's rotating code. One row per (opportunity, user); a change
// of mind updates it.
@Entity({ name: 'attendance' })
@Unique('attendance_opportunity_user_key', ['opportunityId', 'userId'])
@Check('attendance_method_check', `"method" IN ('roster', 'check-in')`)
// A check-in is the student's own; a roster mark always names its admin.
@Check('attendance_recorded_by_check', `("method" = 'check-in') = ("recorded_by" IS NULL)`)
export class AttendanceEntity extends studentOpportunityRow('attendance') {
  @Column({ type: 'boolean' })
  attended!: boolean;

  @Column({ type: 'varchar', length: 16 })
  method!: AttendanceMethod;

  // The admin who marked it; null for a check-in.
  @Column({ name: 'recorded_by', type: 'integer', nullable: true })
  recordedBy!: number | null;

  @Column({ name: 'recorded_at', type: 'timestamptz', default: () => 'now()' })
  recordedAt!: Date;
}
