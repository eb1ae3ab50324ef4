import { Column, Entity, PrimaryColumn } from 'typeorm';

// This service's copy of the users it shows (names and schools), fed by user.* events.
@Entity({ name: 'users' })
export class UserReplicaEntity {
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 200 })
  school!: string;

  // Tombstone: a late user.updated must not resurrect a deleted user.
  @Column({ type: 'boolean', default: false })
  deleted!: boolean;

  // occurredAt of the newest event applied, so an older event never overwrites a newer one.
  @Column({ name: 'source_at', type: 'timestamptz' })
  sourceAt!: Date;
}
