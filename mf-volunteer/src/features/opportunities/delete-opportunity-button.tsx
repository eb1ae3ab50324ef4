import { type Opportunity } from '@district/contracts';
import { TrashIcon, useT } from '@district/ui';
import { ConfirmButton } from './confirm-button';
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
  const remove = useDeleteOpportunity(opportunity.id);
  return (
    <ConfirmButton
      variant="destructive"
      size="sm"
      disabled={remove.isPending}
      title={t('volunteer.admin.deleteTitle')}
      description={t('volunteer.admin.deleteText', { title: name })}
      actionLabel={t('volunteer.admin.delete')}
      destructive
      onConfirm={() => remove.mutate()}
    >
      <TrashIcon />
      {t('volunteer.admin.delete')}
      <span className="ui-sr-only"> {name}</span>
    </ConfirmButton>
  );
}
