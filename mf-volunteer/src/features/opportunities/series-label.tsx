import type { Opportunity } from '@district/contracts';
import { RepeatIcon } from '@district/ui';
import { useMemo } from 'react';
import { weekdayOf } from '../volunteer/format-date';
import { useOpportunities } from '../volunteer/volunteer-queries';

// Issue 18: a date of a weekly series says so ("Every Saturday, 6 dates"); each date is still its
// own card with its own spaces and sign-up. Counted over the active list (already loaded).
export function SeriesLabel({ opportunity }: { opportunity: Opportunity }) {
  const active = useOpportunities('active');
  const { seriesId } = opportunity;
  const count = useMemo(
    () => (seriesId ? (active.data ?? []).filter((o) => o.seriesId === seriesId).length : 0),
    [active.data, seriesId],
  );
  if (!seriesId || count < 2) return null;
  return (
    <p className="opportunity__series">
      <RepeatIcon size="sm" />
      Every {weekdayOf(opportunity.date)}, {count} dates
    </p>
  );
}
