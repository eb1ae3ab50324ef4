import { apiPaths, TOASTS, type Opportunity } from '@district/contracts';
import { AlertDialog, Button, toast, TrashIcon } from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshVolunteerData, sendJson } from '../volunteer/volunteer-queries';

// Admin only: deleting takes the signups and photos with it, so it asks first.
export function DeleteOpportunityButton({ opportunity }: { opportunity: Opportunity }) {
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => sendJson('DELETE', apiPaths.opportunity(opportunity.id)),
    onSuccess: async () => {
      toast({ title: TOASTS.opportunityDeleted });
      await refreshVolunteerData();
    },
  });
  return (
    <>
      <Button
        variant="destructive"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={remove.isPending}
      >
        <TrashIcon />
        Delete<span className="ui-sr-only"> {opportunity.title}</span>
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this opportunity?"
        description={`"${opportunity.title}" will be removed together with its signups and photos. This cannot be undone.`}
        actionLabel="Delete"
        destructive
        onAction={() => remove.mutate()}
      />
    </>
  );
}
