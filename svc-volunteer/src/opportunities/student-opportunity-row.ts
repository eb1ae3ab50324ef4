import { Column, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OpportunityEntity } from './opportunity.entity';

// The columns of every table that holds one student's part in one opportunity (sign-ups,
// waitlist places, attendance, event photos): an identity, the opportunity (gone with it) and the
// student. The foreign key keeps the name PostgreSQL gave it in the table's migration.
export function studentOpportunityRow(table: string) {
  abstract class StudentOpportunityRow {
    @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
    id!: number;

    @Column({ name: 'opportunity_id', type: 'integer' })
    opportunityId!: number;

    @ManyToOne(() => OpportunityEntity, { onDelete: 'CASCADE', nullable: false })
    @JoinColumn({
      name: 'opportunity_id',
      foreignKeyConstraintName: `${table}_opportunity_id_fkey`,
    })
    opportunity?: OpportunityEntity;

    @Column({ name: 'user_id', type: 'integer' })
    userId!: number;
  }
  return StudentOpportunityRow;
}
