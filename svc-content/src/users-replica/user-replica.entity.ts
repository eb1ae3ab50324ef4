import { Column, Entity, PrimaryColumn } from 'typeorm';

// svc-content's own copy of what a blog card shows about its author, fed by user.* events.
@Entity({ name: 'users' })
export class UserReplicaEntity {
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'avatar_url', type: 'varchar', length: 2048, nullable: true })
  avatarUrl!: string | null;

  // Tombstone: the author is gone (posts show "Unknown Author") and a late user.updated must
  // not bring them back.
  @Column({ type: 'boolean', default: false })
  deleted!: boolean;

  // occurredAt of the newest event applied, so an older event never overwrites a newer one.
  @Column({ name: 'source_at', type: 'timestamptz' })
  sourceAt!: Date;
}
