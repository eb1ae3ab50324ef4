import { isOpportunityFull, type Opportunity } from '@district/contracts';
import { UsersIcon, useT } from '@district/ui';

// Live capacity, "2/4 spots" (filled of spaces), and while any remain "2 spots left".
export function OpportunityCapacity({ opportunity }: { opportunity: Opportunity }) {
  const { t } = useT();
  const { filled, spaces } = opportunity;
  return (
    <p className="opportunity__capacity">
      <UsersIcon />
      <span>{t('volunteer.card.capacity', { filled, spaces })}</span>
      <span className="ui-sr-only"> {t('volunteer.card.capacityFilled')}</span>
      {isOpportunityFull(opportunity) ? null : (
        <span className="opportunity__spots-left">
          {t('volunteer.card.spotsLeft', { count: Math.max(0, spaces - filled) })}
        </span>
      )}
    </p>
  );
}
