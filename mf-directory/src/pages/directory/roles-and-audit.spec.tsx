import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TOASTS, type CurrentUser, type DirectoryUser } from '@district/contracts';
import {
  preloadAlertDialog,
  preloadSelect,
  queryClient,
  registerCatalogue,
  usePlatformStore,
} from '@district/ui';
import { loadCatalogue } from '../../i18n';
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
import type { AuditItem } from './audit/audit-format.util';
import { adminUser, renderDirectoryPage } from './directory-testing';

const admin = adminUser;
const student: CurrentUser = { ...admin, id: 7, ref: 'ref-7', name: 'Maya Lee', isAdmin: false };

const card = (id: number, overrides: Partial<DirectoryUser> = {}): DirectoryUser => ({
  ref: `ref-${id}`,
  id,
  name: `Student ${id}`,
  school: 'Jesuit High School',
  grade: 10,
  avatarUrl: null,
  serviceHours: 0,
  isAdmin: false,
  isSupervisor: false,
  ...overrides,
});

function record(id: number, overrides: Partial<AuditItem> = {}): AuditItem {
  return {
    id: `svc-auth:${id}`,
    service: 'svc-auth',
    actorId: 1,
    actorName: 'Ada Admin',
    action: 'user.roles.change',
    target: 'user:2',
    outcome: 'success',
    detail: null,
    data: {
      name: 'Student 2',
      from: { isAdmin: false, isSupervisor: false },
      to: { isAdmin: false, isSupervisor: true },
    },
    at: `2026-11-21T10:00:${String(60 - id).padStart(2, '0')}.000000Z`,
    ...overrides,
  };
}

let server: TestServer;
let restoreFetch: () => void;
let me: CurrentUser = admin;
let users: DirectoryUser[] = [];

beforeAll(async () => {
  // This area's texts, as the shell's `ready` loads them before the page renders.
  await registerCatalogue(loadCatalogue);
  // The kit loads dialogs and selects lazily; load them once up front so each test only waits
  // for what it does.
  preloadAlertDialog();
  preloadSelect();
  server = await startTestServer({
    'GET /api/user': (_req, res) => json(res, 200, me),
    'GET /api/directory': (_req, res) => json(res, 200, users),
    'PATCH /api/users/2/roles': (_req, res, body) =>
      json(res, 200, { ...card(2), ...(JSON.parse(body) as object) }),
    'PATCH /api/users/3/roles': (_req, res) =>
      json(res, 409, { statusCode: 409, message: 'The last admin cannot be demoted' }),
    'GET /api/audit': (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.searchParams.get('cursor') === 'page2')
        json(res, 200, {
          items: [record(3, { action: 'users.backup', target: 'users', data: null })],
          nextCursor: null,
        });
      else
        json(res, 200, {
          items: [
            record(1),
            record(2, {
              outcome: 'failure',
              detail: 'The last admin cannot be demoted',
              data: { reason: 'The last admin cannot be demoted', status: 409 },
            }),
          ],
          nextCursor: 'page2',
        });
    },
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(() => {
  me = admin;
  users = [card(1, { name: 'Ada Admin', isAdmin: true }), card(2), card(3, { isAdmin: true })];
  server.requests.length = 0;
  queryClient.clear();
  usePlatformStore.setState({ user: undefined, toasts: [] });
});

afterEach(() => cleanup());

const renderPage = renderDirectoryPage;

async function cardsShown(): Promise<HTMLElement[]> {
  // The admin's layout (with tabs) replaces the plain one once /api/user answers: type after that.
  if (me.isAdmin) await screen.findByRole('tab', { name: 'Students' }, { timeout: 5000 });
  fireEvent.change(await screen.findByRole('searchbox'), { target: { value: 'jesuit' } });
  return screen.findAllByRole('listitem', {}, { timeout: 5000 });
}

describe('role control (issue 9)', () => {
  jest.setTimeout(20_000);
  it('offers role changes on other cards only, and asks before making one', async () => {
    renderPage();
    const cards = await cardsShown();
    const mine = cards.find((c) => c.textContent?.includes('Ada Admin'))!;
    const other = cards.find((c) => c.textContent?.includes('Student 2'))!;
    expect(within(mine).queryByRole('button', { name: /Make|Remove/ })).toBeNull();

    fireEvent.click(within(other).getByRole('button', { name: 'Make supervisor: Student 2' }));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('Make Student 2 a supervisor?');
    // Nothing is sent before the confirmation.
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make supervisor' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PATCH')).toMatchObject({
        url: '/api/users/2/roles',
        body: JSON.stringify({ isSupervisor: true }),
      }),
    );
    await waitFor(() =>
      expect(usePlatformStore.getState().toasts.map((t) => t.title)).toContain(
        TOASTS.userRolesUpdated,
      ),
    );
  });

  it('shows the refusal in the failure toast', async () => {
    renderPage();
    const cards = await cardsShown();
    const other = cards.find((c) => c.textContent?.includes('Student 3'))!;
    fireEvent.click(within(other).getByRole('button', { name: 'Remove admin: Student 3' }));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    await waitFor(() => {
      const failure = usePlatformStore
        .getState()
        .toasts.find((t) => t.title === TOASTS.userRolesUpdateFailed);
      expect(failure?.description).toBe('409: The last admin cannot be demoted');
    });
  });

  it('gives students neither role controls nor the audit log', async () => {
    me = student;
    renderPage();
    const cards = await cardsShown();
    for (const c of cards)
      expect(within(c).queryByRole('button', { name: /Make|Remove/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Audit log' })).toBeNull();
  });
});

describe('audit log tab (issue 9)', () => {
  jest.setTimeout(20_000);
  it('lists records newest first in words, and loads older ones on request', async () => {
    renderPage();
    const tab = await screen.findByRole('tab', { name: 'Audit log' });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    const rows = () => within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(rows()).toHaveLength(2));
    // Issue 33: one sentence per action; the record's fields behind a closed "Details".
    expect(within(rows()[0]).getByText('Ada Admin made Student 2 a supervisor.')).toBeTruthy();
    const details = within(rows()[0]).getByText('Details').closest('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('svc-auth');
    expect(rows()[1].textContent).toContain(
      'Refused: Role change, tried by Ada Admin (The last admin cannot be demoted).',
    );
    expect(rows()[1].textContent).toContain('Refused');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2].textContent).toContain('Ada Admin downloaded the backup of all users.');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const auditCalls = server.requests.filter((r) => r.url.startsWith('/api/audit'));
    expect(auditCalls.map((r) => new URL(r.url, 'http://x').searchParams.get('cursor'))).toEqual([
      null,
      'page2',
    ]);
  });
});
