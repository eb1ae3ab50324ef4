import { Column, Entity, Index, Unique } from 'typeorm';
import { studentOpportunityRow } from '../opportunities/student-opportunity-row';

// One student waiting for a spot on a full opportunity (issue 18). The line is ordered by
// created_at (then id); both are taken under the opportunity's row lock, so they agree.
@Entity({ name: 'waitlist_entries' })
@Unique('waitlist_entries_opportunity_user_key', ['opportunityId', 'userId'])
@Index('waitlist_entries_line_idx', ['opportunityId', 'createdAt', 'id'])
@Index('waitlist_entries_user_id_idx', ['userId'])
export class WaitlistEntryEntity extends studentOpportunityRow('waitlist_entries') {
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  createdAt!: Date;
}
