import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { OpportunityStatus } from '@district/contracts';

// The signups trigger (filled) and the change NOTIFY trigger stay in the migrations: TypeORM has
// no entity form for triggers.
@Entity({ name: 'opportunities' })
@Check('opportunities_spaces_check', `"spaces" >= 1`)
@Check('opportunities_status_check', `"status" IN ('active', 'archived')`)
// The capacity rule itself: no statement, however concurrent, can push filled past spaces.
@Check('opportunities_filled_within_spaces', `"filled" >= 0 AND "filled" <= "spaces"`)
@Check('opportunities_ends_after_start', `"ends_at" > "date"`)
@Index('opportunities_status_date_idx', ['status', 'date'])
export class OpportunityEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'varchar', length: 5000 })
  description!: string;

  @Column({ type: 'varchar', length: 200 })
  location!: string;

  // The start (the spec's field name).
  @Column({ type: 'timestamptz' })
  date!: Date;

  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt!: Date;

  @Column({ type: 'integer' })
  spaces!: number;

  // Number of signups, maintained by a trigger on signups (see the migration).
  @Column({ type: 'integer', default: 0, insert: false, update: false })
  filled!: number;

  @Column({ type: 'varchar', length: 16, default: 'active' })
  status!: OpportunityStatus;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'archived_at', type: 'timestamptz', nullable: true })
  archivedAt!: Date | null;

  // Issue 18: the weekly series it was created in; each member keeps its own capacity.
  @Index('opportunities_series_id_idx')
  @Column({ name: 'series_id', type: 'uuid', nullable: true })
  seriesId!: string | null;
}
