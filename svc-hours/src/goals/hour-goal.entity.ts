import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { numericTransformer } from '@district/service-kit';

// An hour requirement (issue 19): every student of `grade` owes `hours` approved hours by
// `dueDate`. With a school it applies to that school's students only and overrides the grade's
// district-wide goal (school null).
@Entity({ name: 'hour_goals' })
// One goal per grade and school, and one district-wide goal per grade (NULLs are distinct in a
// plain unique index, hence two partial ones).
@Index('hour_goals_grade_school_key', ['grade', 'school'], {
  unique: true,
  where: `"school" IS NOT NULL`,
})
@Index('hour_goals_grade_district_key', ['grade'], { unique: true, where: `"school" IS NULL` })
@Check('hour_goals_hours_check', `"hours" >= 0.5 AND "hours" * 2 = trunc("hours" * 2)`)
export class HourGoalEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'integer' })
  grade!: number;

  // Canonical school name (registry or "Other"), as the replica's school_name holds it.
  @Column({ type: 'varchar', length: 200, nullable: true })
  school!: string | null;

  @Column({ type: 'numeric', precision: 5, scale: 1, transformer: numericTransformer })
  hours!: number;

  // A calendar day (YYYY-MM-DD).
  @Column({ name: 'due_date', type: 'date' })
  dueDate!: string;

  @Column({ name: 'updated_by', type: 'integer' })
  updatedBy!: number;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
