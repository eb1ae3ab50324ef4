import { apiPaths, type Opportunity } from '@district/contracts';
import { ArchiveIcon, Button, messages, toast, useT } from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { refreshVolunteerData, sendJson } from '../volunteer/volunteer-queries';

// Admin only: moves the opportunity to "Past Events & Photos" (the daily job does it for past dates).
export function ArchiveOpportunityButton({
  opportunity,
  name = opportunity.title,
}: {
  opportunity: Opportunity;
  name?: string;
}) {
  const { t } = useT();
  const archive = useMutation({
    mutationFn: () =>
      sendJson<Opportunity>('PATCH', apiPaths.opportunityStatus(opportunity.id), {
        status: 'archived',
      }),
    onSuccess: async () => {
      toast({ title: messages().toasts.opportunityArchived });
      await refreshVolunteerData();
    },
  });
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
