import type { Opportunity } from '@district/contracts';
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_CRITERIA, findOpportunities, indexOpportunities } from './find-opportunities.util';
import { entryHolds, groupSeries, sameEntry, type ListEntry } from './group-series';

const opp = (id: number, day: number, over: Partial<Opportunity> = {}): Opportunity => ({
  id,
  title: `Event ${id}`,
  description: 'Help out.',
  location: 'Metairie',
  date: new Date(Date.UTC(2030, 0, day, 15)).toISOString(),
  endsAt: new Date(Date.UTC(2030, 0, day, 17)).toISOString(),
  spaces: 5,
  filled: 0,
  status: 'active',
  ...over,
});

// What a list of entries looks like: a one-off's id, or a series' ids in order.
const shape = (entries: ListEntry[]) =>
  entries.map((e) => (e.kind === 'one' ? e.opportunity.id : e.dates.map((d) => d.id)));

describe('groupSeries (issue 18: "every Saturday, 6 dates" is one card)', () => {
  const tutoring = (id: number, day: number, over: Partial<Opportunity> = {}) =>
    opp(id, day, { title: 'Tutoring', seriesId: 'series-a', ...over });

  it('turns the dates of a series into one entry where its first date stood', () => {
    const list = [opp(1, 1), tutoring(2, 5), opp(3, 6), tutoring(4, 12), tutoring(5, 19)];
    expect(shape(groupSeries(list))).toEqual([1, [2, 4, 5], 3]);
  });

  it('keeps one-offs and a series left with a single date as plain cards', () => {
    expect(shape(groupSeries([opp(1, 1), tutoring(2, 5)]))).toEqual([1, 2]);
  });

  it('keeps two series apart and lists each one’s dates soonest first, whatever the sort', () => {
    const other = (id: number, day: number, spaces: number) =>
      opp(id, day, { seriesId: 'series-b', spaces });
    const list = [
      tutoring(10, 19),
      other(20, 3, 9),
      tutoring(11, 5, { spaces: 8 }),
      other(21, 10, 1),
      tutoring(12, 12),
    ];
    const bySpots = findOpportunities(
      indexOpportunities(list),
      { ...DEFAULT_CRITERIA, sort: 'spots' },
      new Set(),
    );
    // Most spots left: the "other" series (9) comes first, then tutoring (8).
    expect(shape(groupSeries(bySpots))).toEqual([
      [20, 21],
      [11, 12, 10],
    ]);
  });

  it('groups only what the search kept', () => {
    const list = [tutoring(2, 5, { filled: 5 }), tutoring(4, 12), tutoring(5, 19), opp(1, 1)];
    const open = findOpportunities(
      indexOpportunities(list),
      { ...DEFAULT_CRITERIA, openOnly: true },
      new Set(),
    );
    expect(shape(groupSeries(open))).toEqual([1, [4, 5]]);
  });

  it('finds the entry that holds a date, and knows when an entry is unchanged', () => {
    const list = [opp(1, 1), tutoring(2, 5), tutoring(4, 12)];
    const entries = groupSeries(list);
    expect(entries.findIndex((e) => entryHolds(e, 4))).toBe(1);
    expect(entries.findIndex((e) => entryHolds(e, 9))).toBe(-1);
    const again = groupSeries([...list]);
    expect(sameEntry(entries[1], again[1])).toBe(true);
    expect(sameEntry(entries[0], again[0])).toBe(true);
    expect(sameEntry(entries[0], again[1])).toBe(false);
    const refetched = groupSeries([list[0], list[1], { ...list[2], filled: 1 }]);
    expect(sameEntry(entries[1], refetched[1])).toBe(false);
  });
});
