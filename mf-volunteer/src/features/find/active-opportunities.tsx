import type { Opportunity } from '@district/contracts';
import { Button, EmptyState, Input, SearchIcon, Select, useCurrentUser, useT } from '@district/ui';
import { memo, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { OpportunityCard } from '../opportunities/opportunity-card';
import { SeriesCard } from '../opportunities/series-card';
import { useMySignups } from '../volunteer/volunteer.queries';
import {
  DEFAULT_CRITERIA,
  findOpportunities,
  indexOpportunities,
  isFiltered,
  SORT_OPTIONS,
  type FindCriteria,
  type OpportunitySort,
} from './find-opportunities.util';
import { entryHolds, groupSeries, sameEntry, type ListEntry } from './group-series';
import { opportunityAnchor, useTargetOpportunity } from './opportunity-anchor';

// Cards drawn at first and per "Show more" (12: a phone shows under two, a desktop six rows): 500
// cards (and their 500 sign-up lists) on a phone
// would make every keystroke and the first load slow; a window keeps both quick (issue 14.4).
export const CARDS_PER_PAGE = 12;

// Memoised: a keystroke re-renders only the cards that enter or leave the list (or the series
// whose dates it changes).
const Card = memo(
  function Card({ entry }: { entry: ListEntry }) {
    return entry.kind === 'one' ? (
      <OpportunityCard opportunity={entry.opportunity} />
    ) : (
      <SeriesCard dates={entry.dates} />
    );
  },
  (before, after) => sameEntry(before.entry, after.entry),
);

// The Active Opportunities tab: search, sort and filters over the loaded list, all in the browser
// (the spec's call returns every active opportunity), with the typed text deferred so the box
// stays responsive while the list catches up.
export function ActiveOpportunities({ opportunities }: { opportunities: Opportunity[] }) {
  const user = useCurrentUser();
  const { t } = useT();
  const [criteria, setCriteria] = useState<FindCriteria>(DEFAULT_CRITERIA);
  const [limit, setLimit] = useState(CARDS_PER_PAGE);
  const deferred = useDeferredValue(criteria);
  const mine = useMySignups();
  const mineIds = useMemo(() => new Set(mine.data ?? []), [mine.data]);
  const index = useMemo(() => indexOpportunities(opportunities), [opportunities]);
  const found = useMemo(
    () => findOpportunities(index, deferred, mineIds),
    [index, deferred, mineIds],
  );
  // A weekly series is one card: the window and "Show more" count cards.
  const entries = useMemo(() => groupSeries(found), [found]);
  // Issue 33: the summary counts cards, as they are shown (a weekly series is one card).
  const cardCount = useMemo(() => groupSeries(opportunities).length, [opportunities]);
  const shown = entries.slice(0, limit);
  const filtered = isFiltered(deferred);
  const ids = { search: useId(), results: useId() };

  // /volunteer#opportunity-<id>: make the card shown (clear a search that hides it, widen the
  // page), then scroll to it and focus it, once per navigation. The list may not hold it yet
  // (the notification's refetch is in flight): the effect runs again when it arrives.
  const target = useTargetOpportunity();
  const reached = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (target.id === undefined || reached.current === target.key) return;
    if (!opportunities.some((o) => o.id === target.id)) return;
    const position = entries.findIndex((entry) => entryHolds(entry, target.id!));
    if (position < 0) {
      setCriteria(DEFAULT_CRITERIA);
      return;
    }
    if (position >= limit) {
      setLimit(position + 1);
      return;
    }
    const card = document.getElementById(opportunityAnchor(target.id));
    if (!card) return;
    reached.current = target.key;
    card.scrollIntoView({ block: 'center' });
    card.focus({ preventScroll: true });
  }, [target.id, target.key, opportunities, entries, limit]);

  const sortOptions = SORT_OPTIONS.map(({ value, key }) => ({ value, label: t(key) }));

  const update = (change: Partial<FindCriteria>) => {
    setCriteria((current) => ({ ...current, ...change }));
    setLimit(CARDS_PER_PAGE);
  };

  return (
    <div className="finder">
      <div className="finder__controls" role="search" aria-label={t('volunteer.find.label')}>
        <div className="finder__search">
          <SearchIcon className="ui-search-icon" />
          <Input
            id={ids.search}
            type="search"
            value={criteria.query}
            onChange={(event) => update({ query: event.target.value })}
            placeholder={t('volunteer.find.placeholder')}
            aria-label={t('volunteer.find.search')}
            aria-controls={ids.results}
            className="ui-search-input"
            autoComplete="off"
          />
        </div>
        <div className="finder__options">
          <div className="finder__sort">
            <span aria-hidden="true">{t('volunteer.find.sortBy')}</span>
            <Select
              options={sortOptions}
              value={criteria.sort}
              onValueChange={(value) => update({ sort: value as OpportunitySort })}
              aria-label={t('volunteer.find.sortBy')}
              className="finder__sort-select"
            />
          </div>
          <label className="finder__check">
            <input
              type="checkbox"
              checked={criteria.openOnly}
              onChange={(event) => update({ openOnly: event.target.checked })}
            />
            {t('volunteer.find.openOnly')}
          </label>
          {user ? (
            <label className="finder__check">
              <input
                type="checkbox"
                checked={criteria.mineOnly}
                onChange={(event) => update({ mineOnly: event.target.checked })}
              />
              {t('volunteer.find.mineOnly')}
            </label>
          ) : null}
        </div>
      </div>
      <p className="finder__summary" role="status" aria-live="polite" aria-atomic="true">
        {filtered
          ? t('volunteer.find.matching', { found: entries.length, count: cardCount })
          : t('volunteer.find.count', { count: cardCount })}
      </p>
      <div
        id={ids.results}
        data-criteria={`${deferred.query}|${deferred.sort}|${Number(deferred.openOnly)}|${Number(deferred.mineOnly)}`}
        className="finder__results"
      >
        {found.length === 0 ? (
          <EmptyState
            description={
              deferred.mineOnly && !deferred.query && !deferred.openOnly
                ? t('volunteer.find.noSignups')
                : t('volunteer.find.noMatch')
            }
            action={
              <Button
                variant="outline"
                onClick={() => {
                  setCriteria(DEFAULT_CRITERIA);
                  setLimit(CARDS_PER_PAGE);
                }}
              >
                {t('volunteer.find.clear')}
              </Button>
            }
          />
        ) : (
          <ul className="opportunities">
            {shown.map((entry) => (
              <li key={entry.key}>
                <Card entry={entry} />
              </li>
            ))}
          </ul>
        )}
        {entries.length > shown.length ? (
          <Button
            variant="outline"
            className="finder__more"
            onClick={() => setLimit((value) => value + CARDS_PER_PAGE)}
          >
            {t('volunteer.find.showMore', { count: entries.length - shown.length })}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
