import { apiPaths, type Opportunity } from '@district/contracts';
import { changeLanguage } from '@district/ui';
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderInArea, testQueryClient, withVolunteerTexts } from '../../testing/render';
import { opportunitiesKey, signupsKey } from '../volunteer/volunteer.queries';
import { ActiveOpportunities, CARDS_PER_PAGE } from './active-opportunities';

withVolunteerTexts();
afterEach(async () => {
  cleanup();
  await act(() => changeLanguage('en'));
});

const opp = (id: number, day: number, over: Partial<Opportunity> = {}): Opportunity => ({
  id,
  title: `Event ${id}`,
  description: 'Help out.',
  location: 'Metairie',
  date: new Date(2031, 0, day, 9).toISOString(),
  endsAt: new Date(2031, 0, day, 11).toISOString(),
  spaces: 5,
  filled: 0,
  status: 'active',
  ...over,
});

function renderList(list: Opportunity[]) {
  const client = testQueryClient();
  for (const o of list) client.setQueryData(signupsKey(o.id), []);
  client.setQueryData([apiPaths.myWaitlist], []);
  client.setQueryData([apiPaths.mySignups], []);
  client.setQueryData(opportunitiesKey('active'), list);
  renderInArea(<ActiveOpportunities opportunities={list} />, { client });
}

const cards = () => screen.getAllByRole('article');
// A card's accessible name: its title.
const name = (card: HTMLElement) =>
  document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent;

describe('the Active list', () => {
  // Six Saturdays of tutoring (4 January 2031 is a Saturday) between one-offs.
  const tutoring = Array.from({ length: 6 }, (_, i) =>
    opp(100 + i, 4 + 7 * i, { title: 'Tutoring', seriesId: 'tutoring' }),
  );

  it('shows a weekly series as one card among the one-offs', () => {
    renderList([opp(1, 2), ...tutoring, opp(2, 5)]);
    expect(cards().map(name)).toEqual(['Event 1', 'Tutoring', 'Event 2']);
    const series = screen.getByRole('article', { name: 'Tutoring' });
    expect(within(series).getByText('Every Saturday · 6 dates')).toBeTruthy();
    // Issue 33: the summary counts what is shown, a series once ("8 opportunities" above 3
    // cards read as missing ones).
    expect(screen.getByRole('status').textContent).toBe(`${cards().length} opportunities`);
    expect(cards()).toHaveLength(3);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'tutoring' } });
    expect(screen.getByRole('status').textContent).toBe('1 of 3 opportunities match');
  });

  it('counts cards, not dates, for "Show more"', () => {
    const oneOffs = Array.from({ length: CARDS_PER_PAGE + 1 }, (_, i) => opp(i + 1, 1 + i));
    renderList([...tutoring, ...oneOffs]);
    expect(cards()).toHaveLength(CARDS_PER_PAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Show more opportunities (2 more)' }));
    expect(cards()).toHaveLength(CARDS_PER_PAGE + 2);
  });

  it('speaks Spanish: the summary plural and the series card', async () => {
    renderList([opp(1, 2), ...tutoring]);
    await act(() => changeLanguage('es'));
    expect(screen.getByRole('status').textContent).toBe('2 oportunidades');
    expect(screen.getByRole('searchbox', { name: 'Buscar oportunidades' })).toBeTruthy();
    expect(screen.getByText('Cada sábado · 6 fechas')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Event' } });
    expect(await screen.findByText('1 de 2 oportunidades coinciden')).toBeTruthy();
  });
});
