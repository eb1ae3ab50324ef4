import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser, JoinCodeView, PrivacySettings } from '@district/contracts';
import {
  changeLanguage,
  preloadAlertDialog,
  preloadSelect,
  queryClient,
  registerCatalogue,
  usePlatformStore,
} from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  jest,
} from '@jest/globals';
import { loadCatalogue } from '../../../i18n';
import { adminUser, openTab, renderDirectoryPage } from '../directory-testing';

// A supervisor whose school was typed freely: the registry's name is what the server compares.
const supervisor: CurrentUser = {
  ...adminUser,
  id: 2,
  ref: 'ref-2',
  name: 'Sam Supervisor',
  school: 'jesuit',
  isAdmin: false,
  isSupervisor: true,
};

const DAY = 86_400_000;
function joinCode(id: number, overrides: Partial<JoinCodeView> = {}): JoinCodeView {
  return {
    id,
    code: `CODE${id}ABC`,
    school: 'Jesuit High School',
    uses: 30,
    used: 4,
    expiresAt: new Date(Date.now() + 10 * DAY).toISOString(),
    createdAt: '2026-11-20T15:00:00.000Z',
    revokedAt: null,
    active: true,
    ...overrides,
  };
}

let server: TestServer;
let restoreFetch: () => void;
let me: CurrentUser;
let codes: JoinCodeView[];
let copied: string[];

beforeAll(async () => {
  await registerCatalogue(loadCatalogue);
  preloadAlertDialog();
  preloadSelect();
  server = await startTestServer({
    'GET /api/user': (_req, res) => json(res, 200, me),
    'GET /api/directory': (_req, res) => json(res, 200, []),
    'GET /api/privacy/settings': (_req, res) =>
      me.isAdmin
        ? json(res, 200, {
            directoryVisibleByDefault: true,
            consentMode: 'school',
            registrationPolicy: 'joinCode',
          } satisfies PrivacySettings)
        : json(res, 403, { statusCode: 403, message: 'Forbidden' }),
    'GET /api/admin/join-codes': (_req, res) => json(res, 200, codes),
    'POST /api/admin/join-codes': (_req, res, body) => {
      const input = JSON.parse(body) as { school: string; uses: number; expiresAt: string };
      const created = joinCode(9, { ...input, code: 'NEWC0DE9', used: 0 });
      codes = [created, ...codes];
      json(res, 201, { id: created.id, code: created.code });
    },
    'DELETE /api/admin/join-codes/7': (_req, res) => {
      codes = codes.map((c) =>
        c.id === 7 ? { ...c, revokedAt: new Date().toISOString(), active: false } : c,
      );
      res.writeHead(204).end();
    },
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
  // jsdom has no layout: Radix Select scrolls its chosen option into view when it opens.
  Element.prototype.scrollIntoView ??= () => undefined;
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void copied.push(text) },
  });
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(() => {
  me = adminUser;
  codes = [
    joinCode(7),
    joinCode(6, { used: 30, active: false }),
    joinCode(5, { revokedAt: '2026-11-21T10:00:00.000Z', active: false }),
    joinCode(4, { expiresAt: '2026-11-01T10:00:00.000Z', active: false }),
  ];
  copied = [];
  server.requests.length = 0;
  queryClient.clear();
  usePlatformStore.setState({ user: undefined, toasts: [] });
});

afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

jest.setTimeout(20_000);

const codesTable = async () =>
  within(
    await screen.findByRole('region', { name: /Join codes table|Tabla de códigos/ }),
  ).getByRole('table');
const row = (table: HTMLElement, code: string) =>
  within(table).getByRole('row', { name: new RegExp(code) });
const posts = () =>
  server.requests
    .filter((r) => r.method === 'POST' && r.url === '/api/admin/join-codes')
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);

// Radix Select by keyboard, as a user without a mouse picks.
async function choose(label: string, option: string) {
  const trigger = await screen.findByRole('combobox', { name: label });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  // Unpositioned (no layout in jsdom), the list stays visibility: hidden.
  const listbox = await screen.findByRole('listbox', { hidden: true });
  fireEvent.click(within(listbox).getByText(option));
}

describe('Join codes in District settings (issue 31)', () => {
  it('lists each code with its school, uses, expiry and state; copies one', async () => {
    renderDirectoryPage();
    await openTab('District settings');
    const table = await codesTable();
    expect(row(table, 'CODE7ABC').textContent).toContain('Jesuit High School');
    expect(row(table, 'CODE7ABC').textContent).toContain('4 of 30');
    expect(row(table, 'CODE7ABC').textContent).toContain('Active');
    expect(row(table, 'CODE6ABC').textContent).toContain('Used up');
    expect(row(table, 'CODE5ABC').textContent).toContain('Revoked');
    expect(row(table, 'CODE4ABC').textContent).toContain('Nov 1, 2026');
    expect(row(table, 'CODE4ABC').textContent).toContain('Expired');
    // A revoked code cannot be revoked again.
    expect(within(row(table, 'CODE5ABC')).queryByRole('button', { name: /Revoke/ })).toBeNull();

    fireEvent.click(
      within(row(table, 'CODE7ABC')).getByRole('button', { name: 'Copy join code CODE7ABC' }),
    );
    await waitFor(() => expect(copied).toEqual(['CODE7ABC']));
    expect(usePlatformStore.getState().toasts[0]).toMatchObject({
      title: 'Join code CODE7ABC copied',
    });
  });

  it('creates a code for the chosen school, checked with the contract schema first', async () => {
    renderDirectoryPage();
    await openTab('District settings');
    await codesTable();
    const form = screen.getByRole('form', { name: 'Create join code' });
    fireEvent.change(within(form).getByLabelText('Uses'), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create join code' }));
    expect(await within(form).findByText('Invalid school selection')).toBeTruthy();
    expect(within(form).getByText('Uses must be a whole number from 1 to 10000')).toBeTruthy();
    expect(posts()).toEqual([]);

    await choose('School', 'Rummel High School');
    fireEvent.change(within(form).getByLabelText('Uses'), { target: { value: '25' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create join code' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const sent = posts()[0]!;
    expect(sent).toMatchObject({ school: 'Rummel High School', uses: 25 });
    // The end of the chosen day (30 days ahead by default), where the admin is.
    const expires = new Date(sent.expiresAt as string);
    expect(expires.getHours()).toBe(23);
    expect(expires.toDateString()).toBe(new Date(Date.now() + 30 * DAY).toDateString());

    expect(await within(form).findByText('NEWC0DE9')).toBeTruthy();
    const table = await codesTable();
    await waitFor(() => expect(row(table, 'NEWC0DE9').textContent).toContain('Rummel High School'));
    fireEvent.click(within(form).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(copied).toEqual(['NEWC0DE9']));
  });

  it('revokes only after confirming', async () => {
    renderDirectoryPage();
    await openTab('District settings');
    const table = await codesTable();
    const revoke = () =>
      fireEvent.click(
        within(row(table, 'CODE7ABC')).getByRole('button', { name: 'Revoke join code CODE7ABC' }),
      );
    revoke();
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Revoke join code CODE7ABC?');
    expect(dialog.textContent).toContain('Nobody can register for Jesuit High School');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    revoke();
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(row(table, 'CODE7ABC').textContent).toContain('Revoked'));
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      '/api/admin/join-codes/7',
    ]);
    expect(usePlatformStore.getState().toasts[0]).toMatchObject({
      title: 'Join code CODE7ABC revoked',
    });
  });

  it('gives a supervisor the join codes of their own school only, no policies or roster', async () => {
    me = supervisor;
    renderDirectoryPage();
    await openTab('District settings');
    await codesTable();
    const school = screen.getByRole('combobox', { name: 'School' });
    expect(school.textContent).toContain('Jesuit High School');
    expect((school as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Supervisors create codes for their own school.')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Students with a join code' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Roster import' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Audit log' })).toBeNull();
    expect(server.requests.some((r) => r.url === '/api/privacy/settings')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Create join code' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ school: 'Jesuit High School', uses: 30 });
  });

  it('tells a supervisor outside the district schools why no code can be made', async () => {
    me = { ...supervisor, school: 'District Office' };
    renderDirectoryPage();
    await openTab('District settings');
    await codesTable();
    expect(screen.getByText(/Your account is not at a school of the district/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Create join code' })).toBeNull();
  });

  it('speaks Spanish: the list, the form and the confirmation', async () => {
    await changeLanguage('es');
    renderDirectoryPage();
    await openTab('Configuración del distrito');
    const table = await codesTable();
    expect(within(table).getByRole('columnheader', { name: 'Vence' })).toBeTruthy();
    expect(row(table, 'CODE7ABC').textContent).toContain('4 de 30');
    expect(row(table, 'CODE7ABC').textContent).toContain('Activo');
    expect(row(table, 'CODE6ABC').textContent).toContain('Agotado');
    expect(row(table, 'CODE4ABC').textContent).toContain('1 nov 2026');
    const form = screen.getByRole('form', { name: 'Crear código de acceso' });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear código de acceso' }));
    expect(await within(form).findByText('Selección de escuela no válida')).toBeTruthy();

    fireEvent.click(
      within(row(table, 'CODE7ABC')).getByRole('button', {
        name: 'Revocar el código de acceso CODE7ABC',
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('¿Revocar el código de acceso CODE7ABC?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
