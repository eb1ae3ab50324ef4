import type { Opportunity } from '@district/contracts';
import { RepeatIcon, useT } from '@district/ui';
import { useMemo } from 'react';
import { weekdayOf } from '../volunteer/format-date';
import { useOpportunities } from '../volunteer/volunteer.queries';

// "Every Saturday · 6 dates" ("Cada sábado · 6 fechas"): the weekday in the language in use.
export function SeriesSummary({ date, count }: { date: string; count: number }) {
  const { t } = useT();
  return (
    <p className="opportunity__series">
      <RepeatIcon size="sm" />
      {t('volunteer.series.summary', { weekday: weekdayOf(date), count })}
    </p>
  );
}

// A date of a weekly series shown on its own card (the search left only it in the list) still
// says it belongs to one. Counted over the active list (already loaded).
export function SeriesLabel({ opportunity }: { opportunity: Opportunity }) {
  const active = useOpportunities('active');
  const { seriesId } = opportunity;
  const count = useMemo(
    () => (seriesId ? (active.data ?? []).filter((o) => o.seriesId === seriesId).length : 0),
    [active.data, seriesId],
  );
  if (!seriesId || count < 2) return null;
  return <SeriesSummary date={opportunity.date} count={count} />;
}
