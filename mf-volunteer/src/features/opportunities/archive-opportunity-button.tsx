import { type Opportunity } from '@district/contracts';
import { ArchiveIcon, useT } from '@district/ui';
import { ConfirmButton } from './confirm-button';
import { useArchiveOpportunity } from './opportunities.queries';

// Admin only: moves the opportunity to "Past Events & Photos" (the daily job does it for past dates).
// Students can no longer sign up afterwards, so it asks first.
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
    <ConfirmButton
      variant="outline"
      size="sm"
      disabled={archive.isPending}
      title={t('volunteer.admin.archiveTitle')}
      description={t('volunteer.admin.archiveText', { title: name })}
      actionLabel={t('volunteer.admin.archive')}
      onConfirm={() => archive.mutate()}
    >
      <ArchiveIcon />
      {t('volunteer.admin.archive')}
      <span className="ui-sr-only"> {name}</span>
    </ConfirmButton>
  );
}
