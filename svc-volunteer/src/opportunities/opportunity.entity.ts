import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OpportunityStatus } from '@district/contracts';

@Entity({ name: 'opportunities' })
export class OpportunityEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'varchar', length: 5000 })
  description!: string;

  @Column({ type: 'varchar', length: 200 })
  location!: string;

  @Column({ type: 'timestamptz' })
  date!: Date;

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
}
