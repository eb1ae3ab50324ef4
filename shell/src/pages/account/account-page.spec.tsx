import { changeLanguage, queryClient, usePlatformStore } from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AppProviders } from '../../app';
import { AppRoutes } from '../../app-routes';

// Issue 33 item 2: "My account", opened from the header's user menu, holds what the profile
// picture dialog used to hide: the picture, the language, the privacy switch, the data download
// and the account's deletion; the dialog keeps only the picture (SPEC §2).
const maria = {
  id: 7,
  ref: 'ref-7',
  name: 'Maria Guadalupe Lopez',
  username: 'maria',
  email: 'maria@example.org',
  school: 'Chalmette High School',
  grade: 11,
  avatarUrl: null,
  serviceHours: 3,
  isAdmin: false,
  isSupervisor: false,
  directoryVisible: true,
  restricted: false,
  language: 'en',
};
let me = { ...maria };
let server: TestServer;
let restoreFetch: () => void;

beforeAll(async () => {
  server = await startTestServer({
    'GET /api/user': (_req, res) => json(res, 200, me),
    'PATCH /api/user/privacy': (_req, res, body) => {
      me = { ...me, ...(JSON.parse(body) as { directoryVisible: boolean }) };
      json(res, 200, me);
    },
    'PATCH /api/user/preferences': (_req, res) => json(res, 200, me),
    'GET /api/notifications': (_req, res) => json(res, 200, []),
    'GET /api/guardian-consent/tok': (_req, res) =>
      json(res, 200, {
        studentName: maria.name,
        school: maria.school,
        grade: 6,
        deadline: '2026-12-28',
      }),
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
  me = { ...maria };
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

describe('My account', () => {
  jest.setTimeout(20_000);

  it('opens from the user menu the header’s welcome line opens, which names the person in full', async () => {
    renderAt('/');
    const banner = await screen.findByRole('banner');
    const trigger = await within(banner).findByRole('button', {
      name: 'Welcome, Maria Guadalupe Lopez',
    });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(within(banner).queryByRole('link', { name: 'My account' })).toBeNull();
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(banner).getByRole('link', { name: 'My account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeTruthy();
    // The menu closes behind the link.
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('switch', { name: 'Show me to other students' })).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Download my data' })).toBeTruthy();
    expect(within(main).getByRole('button', { name: 'Delete my account' })).toBeTruthy();
    expect(within(main).getByRole('combobox', { name: 'Language' })).toBeTruthy();
  });

  it('closes the user menu with Escape, focus back on its button', async () => {
    renderAt('/');
    const trigger = await screen.findByRole('button', { name: /^Welcome,/ });
    fireEvent.click(trigger);
    const link = screen.getByRole('link', { name: 'My account' });
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('keeps the profile picture dialog to the picture (SPEC §2), the privacy choices on the page', async () => {
    renderAt('/account');
    await screen.findByRole('heading', { level: 1, name: 'My account' });
    fireEvent.click(screen.getByRole('button', { name: 'Change picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change profile picture' });
    expect(within(dialog).getByLabelText('Picture')).toBeTruthy();
    expect(within(dialog).queryByRole('switch')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete my account' })).toBeNull();
  });

  it('tells a hidden student in Spanish what peers see, with no English in the sentence', async () => {
    me = { ...maria, language: 'es' };
    await changeLanguage('es');
    renderAt('/account');
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' });
    const choice = screen.getByRole('switch', { name: 'Mostrarme a los demás estudiantes' });
    fireEvent.click(choice);
    await waitFor(() => expect((choice as HTMLInputElement).checked).toBe(false));
    const hint = document.getElementById(choice.getAttribute('aria-describedby') ?? '')!;
    expect(hint.textContent).toContain('"Un estudiante de Chalmette High School"');
    expect(hint.textContent).not.toMatch(/A student|from/);
  });

  // Issue 33.11: the student's switch and the guardian's consent page give one account of what
  // other students see, as svc-auth's directory and svc-volunteer's sign-up lists send it.
  it.each([
    [
      'en',
      'Show me to other students',
      'Who sees it',
      [
        'name, school, grade, picture and service hours in the directory',
        'name and school on sign-up lists',
      ],
    ],
    [
      'es',
      'Mostrarme a los demás estudiantes',
      'Quién lo ve',
      [
        'nombre, escuela, grado, foto y horas de servicio en el directorio',
        'nombre y escuela en las listas de inscripción',
      ],
    ],
  ])(
    'describes what peers see the same way on /account and the consent page (%s)',
    async (language, switchName, seesHeading, seen) => {
      me = { ...maria, language };
      await changeLanguage(language);
      const account = renderAt('/account');
      const choice = await screen.findByRole('switch', { name: switchName });
      const hint = document.getElementById(choice.getAttribute('aria-describedby') ?? '')!;
      for (const part of seen)
        expect(hint.textContent).toContain(`${language === 'en' ? 'your' : 'tu'} ${part}`);
      account.unmount();

      renderAt('/guardian-consent/tok');
      const heading = await screen.findByRole('heading', { name: seesHeading });
      const text = heading.nextElementSibling?.textContent ?? '';
      for (const part of seen)
        expect(text).toContain(`${language === 'en' ? 'their' : 'su'} ${part}`);
      expect(text).toContain(switchName);
      expect(text).toContain(
        language === 'en'
          ? `"A student from ${maria.school}"`
          : `"Un estudiante de ${maria.school}"`,
      );
    },
  );
});
