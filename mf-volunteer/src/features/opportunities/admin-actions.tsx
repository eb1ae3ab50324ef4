import type { Opportunity } from '@district/contracts';
import { RosterButton } from '../attendance/roster-button';
import { ArchiveOpportunityButton } from './archive-opportunity-button';
import { DeleteOpportunityButton } from './delete-opportunity-button';
import { EditOpportunityButton } from './edit-opportunity-button';

// An admin's buttons on an active date. `name` ends each button's accessible name (the title,
// or the title and the date inside a series) so every button on the page says what it acts on.
export function AdminActions({ opportunity, name }: { opportunity: Opportunity; name?: string }) {
  return (
    <div className="opportunity__admin">
      <EditOpportunityButton opportunity={opportunity} name={name} />
      <RosterButton opportunity={opportunity} name={name} />
      <ArchiveOpportunityButton opportunity={opportunity} name={name} />
      <DeleteOpportunityButton opportunity={opportunity} name={name} />
    </div>
  );
}
