import type { Opportunity } from '@district/contracts';
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_CRITERIA, findOpportunities, indexOpportunities } from './find-opportunities.util';

const opp = (id: number, over: Partial<Opportunity>): Opportunity => ({
  id,
  title: `Event ${id}`,
  description: 'Help out.',
  location: 'Metairie',
  date: new Date(Date.UTC(2030, 0, id)).toISOString(),
  endsAt: new Date(Date.UTC(2030, 0, id, 2)).toISOString(),
  spaces: 5,
  filled: 0,
  status: 'active',
  ...over,
});

const list = [
  opp(1, { title: 'Beach Cleanup', location: 'Grand Isle', filled: 5 }),
  opp(2, { title: 'Food Drive', description: 'Sort cans at the Café du Monde', spaces: 10 }),
  opp(3, { title: 'Park planting', location: 'Kenner', spaces: 20, filled: 1 }),
  opp(4, { title: 'Library reading', date: '2029-12-01T10:00:00.000Z' }),
];
const index = indexOpportunities(list);
const ids = (o: Opportunity[]) => o.map((x) => x.id);
const none = new Set<number>();

describe('findOpportunities', () => {
  it('lists everything soonest first by default', () => {
    expect(ids(findOpportunities(index, DEFAULT_CRITERIA, none))).toEqual([4, 1, 2, 3]);
  });

  it('searches title, description and location, every word, ignoring case and accents', () => {
    const find = (query: string) =>
      ids(findOpportunities(index, { ...DEFAULT_CRITERIA, query }, none));
    expect(find('beach')).toEqual([1]);
    expect(find('grand ISLE')).toEqual([1]);
    expect(find('cafe')).toEqual([2]);
    expect(find('kenner park')).toEqual([3]);
    expect(find('kenner beach')).toEqual([]);
    expect(find('   ')).toEqual([4, 1, 2, 3]);
  });

  it('sorts by most spots left, then soonest', () => {
    expect(ids(findOpportunities(index, { ...DEFAULT_CRITERIA, sort: 'spots' }, none))).toEqual([
      3, 2, 4, 1,
    ]);
  });

  it('filters to open spots and to your own sign-ups', () => {
    expect(ids(findOpportunities(index, { ...DEFAULT_CRITERIA, openOnly: true }, none))).toEqual([
      4, 2, 3,
    ]);
    expect(
      ids(findOpportunities(index, { ...DEFAULT_CRITERIA, mineOnly: true }, new Set([1, 3]))),
    ).toEqual([1, 3]);
  });
});
