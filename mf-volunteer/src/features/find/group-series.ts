import type { Opportunity } from '@district/contracts';

// One card of the Active list: a one-off date, or the dates of a weekly series found together.
export type ListEntry =
  | { kind: 'one'; key: string; opportunity: Opportunity }
  | { kind: 'series'; key: string; seriesId: string; dates: Opportunity[] };

const byDate = (a: Opportunity, b: Opportunity) =>
  Date.parse(a.date) - Date.parse(b.date) || a.id - b.id;

// Issue 18 "the list groups them ('every Saturday, 6 dates')": the dates of a series that the
// search kept become one entry, at the place its first date holds in the list's order (soonest,
// most spots left), its dates soonest first. A series with a single date left in the list (the
// others filtered out or archived) is a plain card.
export function groupSeries(found: readonly Opportunity[]): ListEntry[] {
  const bySeries = new Map<string, Opportunity[]>();
  for (const opportunity of found) {
    if (!opportunity.seriesId) continue;
    const dates = bySeries.get(opportunity.seriesId);
    if (dates) dates.push(opportunity);
    else bySeries.set(opportunity.seriesId, [opportunity]);
  }
  const entries: ListEntry[] = [];
  const placed = new Set<string>();
  for (const opportunity of found) {
    const { seriesId } = opportunity;
    const dates = seriesId ? bySeries.get(seriesId) : undefined;
    if (!seriesId || !dates || dates.length < 2) {
      entries.push({ kind: 'one', key: `opportunity-${opportunity.id}`, opportunity });
    } else if (!placed.has(seriesId)) {
      placed.add(seriesId);
      entries.push({
        kind: 'series',
        key: `series-${seriesId}`,
        seriesId,
        dates: dates.sort(byDate),
      });
    }
  }
  return entries;
}

export const entryHolds = (entry: ListEntry, id: number): boolean =>
  entry.kind === 'one' ? entry.opportunity.id === id : entry.dates.some((d) => d.id === id);

// Whether two renders of an entry show the same data (the list rebuilds entries per keystroke;
// opportunities keep their identity until the list is fetched again).
export function sameEntry(a: ListEntry, b: ListEntry): boolean {
  if (a.kind === 'one' && b.kind === 'one') return a.opportunity === b.opportunity;
  if (a.kind === 'series' && b.kind === 'series')
    return a.dates.length === b.dates.length && a.dates.every((d, i) => d === b.dates[i]);
  return false;
}
