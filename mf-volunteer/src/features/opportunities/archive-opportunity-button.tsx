import { type Opportunity } from '@district/contracts';
import { ArchiveIcon, Button, useT } from '@district/ui';
import { useArchiveOpportunity } from './opportunities.queries';

// Admin only: moves the opportunity to "Past Events & Photos" (the daily job does it for past dates).
export function ArchiveOpportunityButton({
  opportunity,
  name = opportunity.title,
}: {
  opportunity: Opportunity;
  name?: string;
}) {
  const { t } = useT();
  const archive = useArchiveOpportunity(opportunity.id);
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => archive.mutate()}
      disabled={archive.isPending}
    >
      <ArchiveIcon />
      {t('volunteer.admin.archive')}
      <span className="ui-sr-only"> {name}</span>
    </Button>
  );
}
