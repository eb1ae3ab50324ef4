import { Column, Entity, Index, Unique } from 'typeorm';
import { studentOpportunityRow } from '../opportunities/student-opportunity-row';

// Inserting or deleting a row moves opportunities.filled (a trigger, see the first migration).
@Entity({ name: 'signups' })
@Unique('signups_opportunity_user_key', ['opportunityId', 'userId'])
@Index('signups_user_id_idx', ['userId'])
export class SignupEntity extends studentOpportunityRow('signups') {
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
