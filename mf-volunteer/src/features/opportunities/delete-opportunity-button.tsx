import { type Opportunity } from '@district/contracts';
import { AlertDialog, Button, TrashIcon, useT } from '@district/ui';
import { useState } from 'react';
import { useDeleteOpportunity } from './opportunities.queries';

// Admin only: deleting takes the signups and photos with it, so it asks first.
export function DeleteOpportunityButton({
  opportunity,
  name = opportunity.title,
}: {
  opportunity: Opportunity;
  name?: string;
}) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const remove = useDeleteOpportunity(opportunity.id);
  return (
    <>
      <Button
        variant="destructive"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={remove.isPending}
      >
        <TrashIcon />
        {t('volunteer.admin.delete')}
        <span className="ui-sr-only"> {name}</span>
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={setOpen}
        title={t('volunteer.admin.deleteTitle')}
        description={t('volunteer.admin.deleteText', { title: name })}
        actionLabel={t('volunteer.admin.delete')}
        destructive
        onAction={() => remove.mutate()}
      />
    </>
  );
}
