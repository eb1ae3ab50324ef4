import { apiPaths, TOASTS, type Opportunity } from '@district/contracts';
import { ArchiveIcon, Button, toast } from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { refreshVolunteerData, sendJson } from '../volunteer/volunteer-queries';

// Admin only: moves the opportunity to "Past Events & Photos" (the daily job does it for past dates).
export function ArchiveOpportunityButton({ opportunity }: { opportunity: Opportunity }) {
  const archive = useMutation({
    mutationFn: () =>
      sendJson<Opportunity>('PATCH', apiPaths.opportunityStatus(opportunity.id), {
        status: 'archived',
      }),
    onSuccess: async () => {
      toast({ title: TOASTS.opportunityArchived });
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
      Archive<span className="ui-sr-only"> {opportunity.title}</span>
    </Button>
  );
}
