import { Column, Entity, PrimaryColumn } from 'typeorm';

// svc-hours's own copy of the users its screens name, fed by user.* events from svc-auth.
@Entity({ name: 'users' })
export class UserReplicaEntity {
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  // As registered (free text in older rows).
  @Column({ type: 'varchar', length: 200 })
  school!: string;

  // Registry name or "Other": what the supervisor page shows and filters on.
  @Column({ name: 'school_name', type: 'varchar', length: 200 })
  schoolName!: string;

  // Tombstone: a late user.updated must not bring a deleted user back.
  @Column({ type: 'boolean', default: false })
  deleted!: boolean;

  // occurredAt of the newest event applied, so an older event never overwrites a newer one.
  @Column({ name: 'source_at', type: 'timestamptz' })
  sourceAt!: Date;
}
