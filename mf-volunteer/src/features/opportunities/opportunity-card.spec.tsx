import { apiPaths, type Opportunity, type SignupEntry } from '@district/contracts';
import { changeLanguage } from '@district/ui';
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderInArea, testQueryClient, withVolunteerTexts } from '../../testing/render';
import { opportunitiesKey, signupsKey } from '../volunteer/volunteer.queries';
import { OpportunityCard } from './opportunity-card';
import { SERIES_PREVIEW_COUNT, SeriesCard } from './series-card';

withVolunteerTexts();
afterEach(async () => {
  cleanup();
  await act(() => changeLanguage('en'));
});

// Saturdays in the viewer's zone (jest runs in the machine's), 9:00 to 11:30.
const saturday = (week: number, hour = 9) => new Date(2031, 4, 3 + 7 * week, hour, 0).toISOString();
const opportunity = (id: number, over: Partial<Opportunity> = {}): Opportunity => ({
  id,
  title: 'Saturday Tutoring',
  description: 'Help younger students with reading.',
  location: 'Kenner Library',
  date: saturday(id - 1),
  endsAt: new Date(new Date(saturday(id - 1)).getTime() + 2.5 * 3_600_000).toISOString(),
  spaces: 4,
  filled: 1,
  status: 'active',
  ...over,
});

// A client that already holds what the cards read: each date's sign-ups, the waitlist and the
// active list.
function seeded(list: Opportunity[], signups: Record<number, SignupEntry[]> = {}) {
  const client = testQueryClient();
  for (const o of list) client.setQueryData(signupsKey(o.id), signups[o.id] ?? []);
  client.setQueryData([apiPaths.myWaitlist], []);
  client.setQueryData(opportunitiesKey('active'), list);
  return client;
}

describe('an opportunity card', () => {
  it('says how many spots are left, with the plural each language needs', async () => {
    const three = opportunity(1);
    const one = opportunity(2, { title: 'Beach Cleanup', filled: 3, seriesId: undefined });
    const client = seeded([three, one]);
    renderInArea(
      <>
        <OpportunityCard opportunity={three} />
        <OpportunityCard opportunity={one} />
      </>,
      { client },
    );
    const tutoring = screen.getByRole('article', { name: 'Saturday Tutoring' });
    const beach = screen.getByRole('article', { name: 'Beach Cleanup' });
    expect(tutoring.textContent).toContain('1/4 spots');
    expect(within(tutoring).getByText('3 spots left')).toBeTruthy();
    expect(within(beach).getByText('1 spot left')).toBeTruthy();
    expect(within(beach).getByRole('button', { name: 'Sign Up' })).toBeTruthy();

    await act(() => changeLanguage('es'));
    expect(within(tutoring).getByText('Quedan 3 lugares')).toBeTruthy();
    expect(within(beach).getByText('Queda 1 lugar')).toBeTruthy();
    expect(tutoring.textContent).toContain('1/4 lugares');
    expect(within(beach).getByRole('button', { name: 'Inscribirme' })).toBeTruthy();
    expect(within(beach).getByText('Todavía no se ha inscrito nadie.')).toBeTruthy();
    // The date as Spanish writes it, in the viewer's zone.
    expect(within(beach).getByText(/^sábado, 10 de mayo de 2031$/)).toBeTruthy();
  });

  it('a full date offers the waitlist, and says the place in line in Spanish', async () => {
    const full = opportunity(1, { filled: 4 });
    const client = seeded([full]);
    client.setQueryData([apiPaths.myWaitlist], [{ opportunityId: 1, position: 2 }]);
    renderInArea(<OpportunityCard opportunity={full} />, { client });
    expect(screen.getByRole('button', { name: 'Full - No Spots Available' })).toBeTruthy();
    expect(screen.getByText('You are #2 on the waitlist')).toBeTruthy();
    expect(screen.queryByText(/spots? left/)).toBeNull();
    await act(() => changeLanguage('es'));
    expect(screen.getByText('Eres el n.º 2 en la lista de espera')).toBeTruthy();
  });
});

describe('a weekly series card (issue 18)', () => {
  const series = Array.from({ length: 5 }, (_, i) =>
    opportunity(i + 1, { seriesId: 'tutoring', filled: i === 1 ? 4 : 0 }),
  );

  it('is one card: "Every Saturday · 5 dates", the first dates shown, the rest behind a button', () => {
    const client = seeded(series, {
      1: [{ name: 'Ana', school: 'Jesuit High School', mine: true }],
    });
    renderInArea(<SeriesCard dates={series} />, { client });
    const card = screen.getByRole('article', { name: 'Saturday Tutoring' });
    expect(within(card).getByText('Every Saturday · 5 dates')).toBeTruthy();
    const dates = within(card).getByRole('list', { name: 'Dates' });
    const rows = () => within(dates).getAllByRole('listitem', { name: /^Sat, May/ });
    expect(rows()).toHaveLength(SERIES_PREVIEW_COUNT);

    // Each date acts on its own: the first is the viewer's, the second is full.
    const [first, second, third] = rows();
    expect(within(first).getByText('Signed up', { exact: true })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(within(first).getByText('Ana from Jesuit High School')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Join waitlist' })).toBeTruthy();
    expect(within(third).getByRole('button', { name: 'Sign Up' })).toBeTruthy();
    expect(within(third).getByText('4 spots left')).toBeTruthy();
    expect(
      within(third).getByRole('link', { name: 'Add to calendar Saturday Tutoring, Sat, May 17' }),
    ).toBeTruthy();

    // A native button: Enter and Space open it from the keyboard.
    const more = within(card).getByRole('button', { name: 'Show all 5 dates' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.getAttribute('aria-controls')).toBe(dates.id);
    fireEvent.click(more);
    expect(rows()).toHaveLength(5);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(more.textContent).toBe('Show fewer dates');
  });

  it('speaks Spanish: the weekday from Intl and the plural of dates', async () => {
    renderInArea(<SeriesCard dates={series} />, { client: seeded(series) });
    await act(() => changeLanguage('es'));
    const card = screen.getByRole('article', { name: 'Saturday Tutoring' });
    expect(within(card).getByText('Cada sábado · 5 fechas')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Ver las 5 fechas' })).toBeTruthy();
    expect(within(card).getAllByRole('button', { name: 'Inscribirme' })).toHaveLength(2);
    expect(within(card).getByRole('button', { name: 'Unirme a la lista de espera' })).toBeTruthy();
  });

  it('opens its list when the address points at a date behind the button', () => {
    renderInArea(<SeriesCard dates={series} />, {
      client: seeded(series),
      path: '/volunteer#opportunity-5',
    });
    const row = document.getElementById('opportunity-5');
    expect(row?.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('button', { name: 'Show fewer dates' })).toBeTruthy();
  });
});
