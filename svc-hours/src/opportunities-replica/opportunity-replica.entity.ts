import { Column, Entity, PrimaryColumn } from 'typeorm';

// Issue 29: what svc-hours knows of svc-volunteer's opportunities (DESIGN rule 5: by events, never
// by reading its tables or calling it), so that an hours entry cannot name one that does not exist.
// A deleted opportunity stays as a tombstone: an edit's event arriving after its deletion's
// cannot bring it back.
@Entity({ name: 'opportunities_replica' })
export class OpportunityReplicaEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'opportunities_replica_pkey' })
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'timestamptz' })
  date!: Date;

  @Column({ type: 'boolean', default: false })
  deleted!: boolean;
}
