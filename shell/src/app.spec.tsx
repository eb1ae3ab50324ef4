import { changeLanguage, queryClient, usePlatformStore } from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AppProviders } from './app';
import { AppRoutes } from './app-routes';

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

// A real HTTP server stands in for the gateway: who is signed in is decided per test.
let signedIn: typeof ada | null = null;
// What GET /api/notifications answers next (then empty lists).
let feed: unknown[][] = [];
let server: TestServer;
// Issue 20: the district's consent mode the Register form follows.
let consentMode: 'school' | 'guardian' = 'school';
// Issue 31: who may join.
let registrationPolicy: 'open' | 'joinCode' | 'districtSignIn' = 'open';
let restoreFetch: () => void;

beforeAll(async () => {
  server = await startTestServer({
    // Like svc-auth: the shell's own check (?optional=1) gets 204 without a session (issue 34).
    'GET /api/user': (req, res) =>
      signedIn
        ? json(res, 200, signedIn)
        : req.url?.endsWith('?optional=1')
          ? res.writeHead(204).end()
          : json(res, 401, { statusCode: 401, message: 'Unauthorized' }),
    'GET /api/register/options': (_req, res) => json(res, 200, { consentMode, registrationPolicy }),
    'POST /api/login': (_req, res, body) => {
      const { password } = JSON.parse(body) as { password: string };
      if (password !== 'correct horse') {
        json(res, 401, { statusCode: 401, message: 'Invalid username or password' });
        return;
      }
      signedIn = ada;
      json(res, 200, ada);
    },
    'POST /api/logout': (_req, res) => {
      signedIn = null;
      res.writeHead(204).end();
    },
    'GET /api/notifications': (_req, res) =>
      signedIn
        ? json(res, 200, feed.shift() ?? [])
        : json(res, 401, { statusCode: 401, message: 'Unauthorized' }),
    // No remote config: every remote area must fall back without breaking the page around it.
    'GET /config/remotes.json': (_req, res) =>
      json(res, 503, { statusCode: 503, message: 'unavailable' }),
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  signedIn = null;
  feed = [];
  server.requests.length = 0;
  queryClient.clear();
  act(() => usePlatformStore.setState({ user: undefined, toasts: [] }));
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </MemoryRouter>,
  );
}

// Radix Tabs switch on mouse down, as a real click would start.
const openTab = (name: string) =>
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });

describe('route guard', () => {
  it('sends a signed-out visitor from a protected page to the sign-in screen', async () => {
    renderAt('/volunteer');
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    // The sign-in screen asks whether the district's sign-in is offered (issue 31), and nothing
    // else.
    await waitFor(() =>
      expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        'GET /api/user?optional=1',
        'GET /api/auth/district',
      ]),
    );
  });

  it('sends a signed-in user from /login to home, greeted by name in the header', async () => {
    signedIn = ada;
    renderAt('/login');
    expect(await screen.findByText('Find Opportunities')).toBeTruthy();
    expect(
      screen.getByText('Ada Lovelace', { selector: 'strong' }).parentElement?.textContent,
    ).toBe('Welcome, Ada Lovelace');
    expect(screen.getByRole('link', { name: 'Browse Opportunities' }).getAttribute('href')).toBe(
      '/volunteer',
    );
    expect(screen.queryByRole('link', { name: 'Supervisor' })).toBeNull();
    // Home's own blocks (issue 33.12) have asked their services before the next test counts.
    await waitFor(() =>
      expect(server.requests.filter((r) => /opportunities|service-hours/.test(r.url))).toHaveLength(
        3,
      ),
    );
  });
});

describe('sign-in screen', () => {
  it('shows the spec messages under the register fields before any request', async () => {
    renderAt('/auth');
    await screen.findByRole('tab', { name: 'Register' });
    openTab('Register');
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Invalid school selection')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Invalid email address',
    );
    // Only the session check, the consent mode (issue 20) and whether district sign-in is offered
    // (issue 31) reached the server: no register call.
    expect(server.requests.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/auth/district',
      'GET /api/register/options',
      'GET /api/user?optional=1',
    ]);
  });

  it('asks for a date of birth and a guardian e-mail in guardian consent mode', async () => {
    consentMode = 'guardian';
    try {
      renderAt('/auth');
      await screen.findByRole('tab', { name: 'Register' });
      openTab('Register');
      expect(await screen.findByLabelText('Date of Birth')).toBeTruthy();
      // One clause saying when it is needed, not "(if you are under 13) (optional)" (issue 33.11).
      expect(screen.getByLabelText('Parent or Guardian Email (if you are under 13)')).toBeTruthy();
      await act(() => changeLanguage('es'));
      expect(
        screen.getByLabelText('Correo de tu madre, padre o tutor (si tienes menos de 13 años)'),
      ).toBeTruthy();
      await act(() => changeLanguage('en'));
      fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
      expect(await screen.findByText('Date of birth is required')).toBeTruthy();
      expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    } finally {
      consentMode = 'school';
    }
  });

  it('asks for a join code instead of a school under the join-code policy', async () => {
    registrationPolicy = 'joinCode';
    try {
      renderAt('/auth');
      await screen.findByRole('tab', { name: 'Register' });
      openTab('Register');
      expect(await screen.findByLabelText('Join Code')).toBeTruthy();
      expect(screen.getByText(/It sets your school/)).toBeTruthy();
      expect(screen.queryByText('School')).toBeNull();
      fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
      expect(
        await screen.findByText(
          'You need a join code to register. Ask your teacher or school supervisor for one.',
        ),
      ).toBeTruthy();
      expect(screen.queryByText('Invalid school selection')).toBeNull();
      expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    } finally {
      registrationPolicy = 'open';
    }
  });

  it('shows how to get in, and no form, when students sign in with the district only', async () => {
    registrationPolicy = 'districtSignIn';
    try {
      renderAt('/auth');
      await screen.findByRole('tab', { name: 'Register' });
      openTab('Register');
      expect(
        await screen.findByText(
          'Students do not register with a password here. Sign in with your district account instead.',
        ),
      ).toBeTruthy();
      expect(screen.queryByRole('form', { name: 'Register' })).toBeNull();
    } finally {
      registrationPolicy = 'open';
    }
  });

  it('toasts "Login failed" with the server message, then signs in', async () => {
    renderAt('/auth');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('401: Invalid username or password')).toBeTruthy();
    expect(screen.getByText('Login failed', { selector: '.ui-toast__title' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Share Your Story')).toBeTruthy();
  });
});

describe('public pages', () => {
  it('shows the invalid-link state for a reset link without token', async () => {
    renderAt('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeTruthy();
    expect(screen.getByText('This password reset link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByText('Reset token is missing')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request New Link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('shows the not-found card for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });
});

describe('remote areas', () => {
  it('shows a retryable fallback inside the normal layout when a remote cannot load', async () => {
    // React and the shell report the caught failure on the console; that is expected here.
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    signedIn = ada;
    renderAt('/directory');
    expect(await screen.findByText('This section could not be loaded')).toBeTruthy();
    // The header and navigation keep working around it.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    const configCalls = () =>
      server.requests.filter((r) => r.url === '/config/remotes.json').length;
    const before = configCalls();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('This section could not be loaded');
    await waitFor(() => expect(configCalls()).toBeGreaterThan(before));
  });
});

describe('new-opportunity notifications', () => {
  const notificationCalls = () =>
    server.requests.filter((r) => r.url === '/api/notifications').length;

  it('makes no notifications request while nobody is signed in', async () => {
    renderAt('/auth');
    await screen.findByRole('tab', { name: 'Login' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(notificationCalls()).toBe(0);
  });

  it('toasts each new opportunity while signed in and stops asking after sign-out', async () => {
    signedIn = ada;
    feed = [
      [
        { type: 'something_else', data: { title: 'ignored', location: 'nowhere' } },
        { id: 1, type: 'new_opportunity', data: { title: 'Food drive', location: 'Kenner' } },
      ],
    ];
    renderAt('/');
    expect(await screen.findByText('New Volunteer Opportunity!')).toBeTruthy();
    expect(screen.getByText('Food drive - Kenner')).toBeTruthy();
    expect(screen.getByText('Make a difference today!')).toBeTruthy();
    expect(screen.queryByText(/ignored/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('tab', { name: 'Login' });
    const after = notificationCalls();
    expect(after).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(notificationCalls()).toBe(after);
  });
});
