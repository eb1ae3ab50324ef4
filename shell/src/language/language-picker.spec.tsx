import { changeLanguage, currentLanguage, queryClient, usePlatformStore } from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { AppProviders } from '../app';
import { AppRoutes } from '../app-routes';

// Issue 22: the header's language picker, the account's saved language and the sign-in screen in
// Spanish, through the whole app against a real HTTP server.
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
  language: 'en',
};

let signedIn: typeof ada | null = null;
let server: TestServer;
let restoreFetch: () => void;

beforeAll(async () => {
  server = await startTestServer({
    'GET /api/user': (_req, res) =>
      signedIn
        ? json(res, 200, signedIn)
        : json(res, 401, { statusCode: 401, message: 'Unauthorized' }),
    'PATCH /api/user/preferences': (_req, res, body) => {
      if (!signedIn) return json(res, 401, { statusCode: 401, message: 'Unauthorized' });
      const { language } = JSON.parse(body) as { language: string };
      signedIn = { ...signedIn, language };
      json(res, 200, signedIn);
    },
    'GET /api/notifications': (_req, res) => json(res, 200, []),
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
  signedIn = null;
  server.requests.length = 0;
  queryClient.clear();
  act(() => usePlatformStore.setState({ user: undefined, toasts: [] }));
  await changeLanguage('en');
  localStorage.clear();
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

const picker = () => screen.getByRole('combobox', { name: /^(Language|Idioma)$/ });
const pick = (language: string) => fireEvent.change(picker(), { target: { value: language } });

describe('language picker', () => {
  it('is on the sign-in screen, each language named in itself, and switches the page', async () => {
    renderAt('/auth');
    await screen.findByRole('heading', { level: 1, name: 'Welcome' });
    const options = within(picker()).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.lang, o.textContent])).toEqual([
      ['en', 'en', 'English'],
      ['es', 'es', 'Español'],
    ]);

    pick('es');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Te damos la bienvenida' }),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Registrarse' })).toBeTruthy();
    // The shared catalogue's texts follow too (SCREEN_TEXTS.forgotPasswordLink).
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('district.language')).toBe('es');
    expect((picker() as HTMLSelectElement).value).toBe('es');
    // Signed out: nothing to save on an account.
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('shows the sign-in form errors in Spanish', async () => {
    await changeLanguage('es');
    renderAt('/auth');
    fireEvent.click(await screen.findByRole('button', { name: 'Iniciar sesión' }));
    // loginSchema says "Required" (the service parses with it); the reader sees it in Spanish.
    const username = screen.getByLabelText('Nombre de usuario');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(username.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Obligatorio');
    expect(screen.queryByText('Required')).toBeNull();
  });

  it('saves the choice on the account when signed in', async () => {
    signedIn = ada;
    renderAt('/');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();

    pick('es');
    expect(await screen.findByRole('button', { name: 'Salir' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Principal' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver oportunidades' })).toBeTruthy();
    await waitFor(() =>
      expect(
        server.requests
          .filter((r) => r.method === 'PATCH')
          .map((r) => [r.url, JSON.parse(r.body) as unknown]),
      ).toEqual([['/api/user/preferences', { language: 'es' }]]),
    );
  });

  it("switches to the account's saved language when the user loads", async () => {
    signedIn = { ...ada, language: 'es' };
    renderAt('/');
    expect(await screen.findByRole('button', { name: 'Salir' })).toBeTruthy();
    expect(
      screen.getByText('Ada Lovelace', { selector: 'strong' }).parentElement?.textContent,
    ).toBe('Hola, Ada Lovelace');
    expect(currentLanguage()).toBe('es');
    expect(localStorage.getItem('district.language')).toBe('es');
    // Adopting the account's language is not a new choice: nothing is sent back.
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('keeps a language picked on this device over the account, without rewriting the account', async () => {
    localStorage.setItem('district.language', 'es');
    await changeLanguage('es');
    signedIn = { ...ada, language: 'en' };
    renderAt('/');
    expect(await screen.findByRole('button', { name: 'Salir' })).toBeTruthy();
    expect(currentLanguage()).toBe('es');
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });
});
