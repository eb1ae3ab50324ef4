import { isOpportunityFull, type Opportunity } from '@district/contracts';

export type OpportunitySort = 'soonest' | 'spots';

// The sort choices and their labels' catalogue keys.
export const SORT_OPTIONS: ReadonlyArray<{ value: OpportunitySort; key: string }> = [
  { value: 'soonest', key: 'volunteer.find.sortSoonest' },
  { value: 'spots', key: 'volunteer.find.sortSpots' },
];

export interface FindCriteria {
  query: string;
  sort: OpportunitySort;
  openOnly: boolean;
  mineOnly: boolean;
}

export const DEFAULT_CRITERIA: FindCriteria = {
  query: '',
  sort: 'soonest',
  openOnly: false,
  mineOnly: false,
};

export interface IndexedOpportunity {
  opportunity: Opportunity;
  // Title, description and location, lower-cased and accent-free, built once per list.
  text: string;
  time: number;
}

// "Café" finds "cafe" and the other way round.
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function searchTokens(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean);
}

// Built once per loaded list (memoised by the caller), so a keystroke only scans strings.
export function indexOpportunities(list: readonly Opportunity[]): IndexedOpportunity[] {
  return list.map((opportunity) => ({
    opportunity,
    text: fold(`${opportunity.title}\n${opportunity.description}\n${opportunity.location}`),
    time: Date.parse(opportunity.date),
  }));
}

const spotsLeft = (o: Opportunity) => Math.max(0, o.spaces - o.filled);

// Every word of the query must appear in the title, description or location.
export function findOpportunities(
  index: readonly IndexedOpportunity[],
  criteria: FindCriteria,
  mine: ReadonlySet<number>,
): Opportunity[] {
  const tokens = searchTokens(criteria.query);
  const matches = index.filter(
    ({ opportunity, text }) =>
      (!criteria.openOnly || !isOpportunityFull(opportunity)) &&
      (!criteria.mineOnly || mine.has(opportunity.id)) &&
      tokens.every((token) => text.includes(token)),
  );
  matches.sort((a, b) =>
    criteria.sort === 'spots'
      ? spotsLeft(b.opportunity) - spotsLeft(a.opportunity) ||
        a.time - b.time ||
        a.opportunity.id - b.opportunity.id
      : a.time - b.time || a.opportunity.id - b.opportunity.id,
  );
  return matches.map((m) => m.opportunity);
}

export const isFiltered = (criteria: FindCriteria): boolean =>
  searchTokens(criteria.query).length > 0 || criteria.openOnly || criteria.mineOnly;
