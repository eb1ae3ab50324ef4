import { changeLanguage, queryClient, usePlatformStore } from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DISTRICT_SIGN_IN_PATHS } from '@district/contracts';
import { AppProviders } from '../../app';
import { AppRoutes } from '../../app-routes';

// Issue 31, a squatted e-mail: the district sign-in met a password account with the student's
// address. The page offers the password, and "I never made a password here", which asks the
// service to mail that address a one-time link.
let server: TestServer;
let restoreFetch: () => void;

beforeAll(async () => {
  server = await startTestServer({
    'GET /api/user': (_req, res) => res.writeHead(204).end(),
    'GET /api/auth/district': (_req, res) =>
      json(res, 200, {
        enabled: true,
        accountName: 'district account',
        helpContact: 'help@district.test',
        logoutUrl: null,
      }),
    'GET /api/auth/district/link': (_req, res) =>
      json(res, 200, { username: 'ada.student', email: 'ada.student@students.district.test' }),
    'POST /api/auth/district/claim': (_req, res) => res.writeHead(204).end(),
    'GET /config/remotes.json': (_req, res) =>
      json(res, 503, { statusCode: 503, message: 'unavailable' }),
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

afterEach(async () => {
  cleanup();
  jest.restoreAllMocks();
  server.requests.length = 0;
  queryClient.clear();
  act(() => usePlatformStore.setState({ user: undefined, toasts: [] }));
  await changeLanguage('en');
});

const renderLinkPage = () =>
  render(
    <MemoryRouter initialEntries={['/auth/district/link']}>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </MemoryRouter>,
  );

const claims = () =>
  server.requests.filter(
    (r) => r.method === 'POST' && r.url.startsWith(DISTRICT_SIGN_IN_PATHS.claim),
  );

describe('the district sign-in’s password page', () => {
  it('offers "I never made a password here", which mails a link to the verified address', async () => {
    renderLinkPage();
    fireEvent.click(await screen.findByRole('button', { name: 'I never made a password here' }));
    const sent = await screen.findByRole('status');
    expect(sent.textContent).toBe(
      'We sent a link to ada.student@students.district.test. Open it within 30 minutes, in this browser if you can, to finish signing in.',
    );
    expect(claims()).toHaveLength(1);
    // The password stays an option meanwhile.
    expect(screen.getByRole('button', { name: 'Link and sign in' })).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    await changeLanguage('es');
    renderLinkPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Nunca creé una contraseña aquí' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Enviamos un enlace a ada.student@students.district.test. Ábrelo antes de que pasen 30 minutos',
    );
  });
});
