import {
  changeLanguage,
  formatDate,
  formatNumber,
  queryClient,
  usePlatformStore,
} from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { AppProviders } from '../../app';
import { AppRoutes } from '../../app-routes';
import { WHEN } from './home-blocks';

// Issue 33.12: home's blocks about the signed-in user, through the whole app against a real HTTP
// server that answers as the gateway would (or as a service that is down).
const ada = {
  id: 7,
  name: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.org',
  school: 'Jesuit High School',
  grade: 11,
  avatarUrl: null,
  serviceHours: 3,
  isAdmin: false,
  isSupervisor: false,
};
const grace = { ...ada, id: 8, name: 'Grace Hopper', username: 'grace', isSupervisor: true };
const root = { ...grace, id: 9, name: 'Root Admin', username: 'root', isAdmin: true };

const now = Date.now();
const hour = 3_600_000;
const opportunity = (id: number, title: string, start: number, location = 'Kenner') => ({
  id,
  title,
  description: 'Help out',
  location,
  date: new Date(start).toISOString(),
  endsAt: new Date(start + 2 * hour).toISOString(),
  spaces: 10,
  status: 'active',
  filled: 1,
});
const today = opportunity(11, 'Food drive', now, 'Metairie Library');
const later = opportunity(12, 'Park clean-up', now + 3 * 24 * hour, 'Lafreniere Park');
const other = opportunity(13, 'Book sale', now + 5 * 24 * hour);

let signedIn: typeof ada | null = null;
let volunteerDown = false;
let hoursDown = false;
let contentDown = false;
let active: unknown[] = [];
let mine: number[] = [];
let progress: unknown = null;
let server: TestServer;
let restoreFetch: () => void;

const down = (res: Parameters<typeof json>[0]) =>
  json(res, 503, { statusCode: 503, message: 'Service unavailable' });

beforeAll(async () => {
  server = await startTestServer({
    'GET /api/user': (_req, res) =>
      signedIn ? json(res, 200, signedIn) : res.writeHead(204).end(),
    'GET /api/notifications': (_req, res) => json(res, 200, []),
    'GET /config/remotes.json': (_req, res) => down(res),
    'GET /api/opportunities': (_req, res) => (volunteerDown ? down(res) : json(res, 200, active)),
    'GET /api/opportunities/mine': (_req, res) =>
      volunteerDown ? down(res) : json(res, 200, mine),
    'GET /api/service-hours/progress': (_req, res) =>
      hoursDown ? down(res) : json(res, 200, progress),
    'GET /api/service-hours/summary': (_req, res) =>
      hoursDown
        ? down(res)
        : json(res, 200, {
            total: 9,
            pending: 3,
            approved: 5,
            rejected: 1,
            approvedHours: 20,
            pendingHours: 6,
            activeStudents: 4,
            schools: [],
            bySchool: {},
          }),
    'GET /api/blog-posts': (_req, res) =>
      contentDown ? down(res) : json(res, 200, { items: [], total: 2, page: 1, pageSize: 1 }),
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

afterEach(async () => {
  cleanup();
  signedIn = null;
  volunteerDown = hoursDown = contentDown = false;
  active = [];
  mine = [];
  progress = null;
  server.requests.length = 0;
  queryClient.clear();
  act(() => usePlatformStore.setState({ user: undefined, toasts: [] }));
  await changeLanguage('en');
  localStorage.clear();
});

const withGoal = {
  goal: { hours: 20, dueDate: '2027-05-01', grade: 11, school: null },
  approvedHours: 4.5,
  pendingHours: 2,
  hoursLeft: 15.5,
  daysLeft: 150,
  behind: true,
  months: [],
};

function renderHome() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </MemoryRouter>,
  );
}

const region = (name: string) => screen.findByRole('region', { name });

describe('home for a student (issue 33.12)', () => {
  it('lists the next sign-ups with a Check in button only on the day, the goal and what is new', async () => {
    signedIn = ada;
    active = [today, later, other];
    mine = [12, 11];
    progress = withGoal;
    renderHome();

    const signups = await region('Your Next Sign-ups');
    const items = await within(signups).findAllByRole('listitem');
    expect(
      items.map(
        (li) => within(li).getByRole('link', { name: /^(Food drive|Park clean-up)$/ }).textContent,
      ),
    ).toEqual(['Food drive', 'Park clean-up']);
    expect(within(items[0]!).getByText('Metairie Library')).toBeTruthy();
    expect(within(items[0]!).getByText('Today')).toBeTruthy();
    const when = formatDate(later.date, WHEN);
    expect(within(items[1]!).getByText(when)).toBeTruthy();
    const checkIns = within(signups).getAllByRole('link', { name: /^Check in/ });
    expect(checkIns).toHaveLength(1);
    expect(checkIns[0]!.getAttribute('href')).toBe('/volunteer/check-in?o=11');
    expect(checkIns[0]!.textContent).toBe('Check in');

    const goal = await region('Your Hour Goal');
    expect(await within(goal).findByText('4.5 of 20 hours approved')).toBeTruthy();
    expect(within(goal).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('4.5');
    expect(within(goal).getByText('Due May 1, 2027')).toBeTruthy();

    // A first visit on this browser: every active opportunity is new.
    const fresh = await region('New Since Your Last Visit');
    expect(await within(fresh).findByText('3 new opportunities')).toBeTruthy();
    expect(
      within(fresh)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Book sale', '/volunteer#opportunity-13'],
      ['Park clean-up', '/volunteer#opportunity-12'],
      ['Food drive', '/volunteer#opportunity-11'],
    ]);
    // The spec's three cards are still there, above.
    expect(screen.getByRole('link', { name: 'Browse Opportunities' })).toBeTruthy();
  });

  it('counts only what was created since the last visit, per account', async () => {
    signedIn = ada;
    active = [today, later];
    renderHome();
    expect(await screen.findByText('2 new opportunities')).toBeTruthy();
    cleanup();
    queryClient.clear();

    active = [today, later, other];
    renderHome();
    const fresh = await region('New Since Your Last Visit');
    expect(await within(fresh).findByText('1 new opportunity')).toBeTruthy();
    expect(within(fresh).getByRole('link', { name: 'Book sale' })).toBeTruthy();
    cleanup();
    queryClient.clear();

    // Nothing new now for Ada; another student on the same browser keeps their own mark.
    renderHome();
    expect(
      await screen.findByText(
        'Nothing new since your last visit. New opportunities will appear here.',
      ),
    ).toBeTruthy();
    cleanup();
    queryClient.clear();
    act(() => usePlatformStore.setState({ user: undefined }));

    signedIn = { ...ada, id: 20, name: 'Alan Turing', username: 'alan' };
    renderHome();
    expect(await screen.findByText('3 new opportunities')).toBeTruthy();
  });

  it('says what to do when there is nothing yet, and the hours without a goal', async () => {
    signedIn = ada;
    progress = { ...withGoal, goal: null, approvedHours: 2, hoursLeft: null, daysLeft: null };
    renderHome();
    expect(
      await screen.findByText(
        'You have no upcoming sign-ups. Browse the opportunities to find an event that fits you.',
      ),
    ).toBeTruthy();
    expect(
      await screen.findByText('No hour goal is set for your grade yet. 2 hours approved so far.'),
    ).toBeTruthy();
  });

  it('keeps home working when a service is down: only its blocks say so', async () => {
    signedIn = ada;
    volunteerDown = true;
    progress = withGoal;
    renderHome();
    const signups = await region('Your Next Sign-ups');
    const note = 'Not available right now. The rest of the page still works.';
    expect(await within(signups).findByText(note)).toBeTruthy();
    expect(await within(await region('New Since Your Last Visit')).findByText(note)).toBeTruthy();
    expect(await screen.findByText('4.5 of 20 hours approved')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read Stories' })).toBeTruthy();
  });

  it('speaks Spanish: dates by Intl, the Check in button and the counts', async () => {
    await changeLanguage('es');
    signedIn = ada;
    active = [today, later];
    mine = [11, 12];
    progress = withGoal;
    renderHome();
    const signups = await region('Tus próximas inscripciones');
    expect(
      await within(signups).findByRole('link', { name: 'Registrar asistencia en Food drive' }),
    ).toBeTruthy();
    expect(within(signups).getByText('Hoy')).toBeTruthy();
    const when = new Intl.DateTimeFormat('es-US', WHEN).format(new Date(later.date));
    expect(within(signups).getByText(when)).toBeTruthy();
    // The number as the language writes it (issue 33 moves Spanish to the decimal comma).
    expect(await screen.findByText(`${formatNumber(4.5)} de 20 horas aprobadas`)).toBeTruthy();
    expect(await screen.findByText('2 oportunidades nuevas')).toBeTruthy();
  });
});

describe('home for a reviewer (issue 33.12)', () => {
  it("shows a supervisor the hour entries waiting, linking to /supervisor, and no student's blocks", async () => {
    signedIn = grace;
    renderHome();
    const review = await region('Waiting for Your Review');
    expect(await within(review).findByText('hour entries are pending')).toBeTruthy();
    expect(within(review).getByText('3')).toBeTruthy();
    expect(within(review).getByRole('link', { name: 'Review hours' }).getAttribute('href')).toBe(
      '/supervisor',
    );
    expect(within(review).queryByText(/blog post/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your Next Sign-ups' })).toBeNull();
    expect(server.requests.some((r) => r.url.startsWith('/api/blog-posts'))).toBe(false);
  });

  it('shows an admin the posts too, in Spanish, each count failing on its own', async () => {
    await changeLanguage('es');
    signedIn = root;
    hoursDown = true;
    renderHome();
    const review = await region('Pendiente de tu revisión');
    expect(await within(review).findByText('publicaciones del blog pendientes')).toBeTruthy();
    expect(
      within(review).getByText(
        'No disponible en este momento. El resto de la página sigue funcionando.',
      ),
    ).toBeTruthy();
    expect(
      within(review).getByRole('link', { name: 'Revisar publicaciones' }).getAttribute('href'),
    ).toBe('/blog');
    expect(server.requests.some((r) => r.url === '/api/blog-posts?status=pending&pageSize=1')).toBe(
      true,
    );
  });
});
