import { CalendarIcon, ClockIcon, MapPinIcon, useT } from '@district/ui';
import type { Opportunity } from '@district/contracts';
import { formatEventDate, formatTimeRange } from '../volunteer/format-date';

// Where and when, shared by active and archived cards.
export function OpportunityDetails({ opportunity }: { opportunity: Opportunity }) {
  const { t } = useT();
  return (
    <dl className="opportunity__facts">
      <div>
        <dt>
          <MapPinIcon />
          <span className="ui-sr-only">{t('volunteer.details.location')}</span>
        </dt>
        <dd>{opportunity.location}</dd>
      </div>
      <div>
        <dt>
          <CalendarIcon />
          <span className="ui-sr-only">{t('volunteer.details.date')}</span>
        </dt>
        <dd>
          <time dateTime={opportunity.date}>{formatEventDate(opportunity.date)}</time>
        </dd>
      </div>
      <div>
        <dt>
          <ClockIcon />
          <span className="ui-sr-only">{t('volunteer.details.time')}</span>
        </dt>
        <dd>{formatTimeRange(opportunity.date, opportunity.endsAt)}</dd>
      </div>
    </dl>
  );
}
