import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { EMPTY_TEXTS, type CurrentUser, type DirectoryUser } from '@district/contracts';
import { queryClient, registerCatalogue, changeLanguage, usePlatformStore } from '@district/ui';
import { loadCatalogue } from '../../i18n';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { renderDirectoryPage } from './directory-testing';

const student: CurrentUser = {
  id: 7,
  ref: 'ref-maya',
  name: 'Maya Lee',
  username: 'maya',
  email: 'maya@example.org',
  school: 'Jesuit High School',
  grade: 11,
  avatarUrl: null,
  serviceHours: 2,
  isAdmin: false,
  isSupervisor: false,
  directoryVisible: true,
  restricted: false,
};
const admin: CurrentUser = {
  ...student,
  id: 1,
  ref: 'ref-ada',
  name: 'Ada Admin',
  username: 'ada',
  isAdmin: true,
};

// A row as staff receive it (with the id); peerRow drops it as students receive it (issue 20).
function entry(id: number, overrides: Partial<DirectoryUser> = {}): DirectoryUser {
  return {
    ref: `ref-${id}`,
    id,
    name: `Student ${id}`,
    school: 'Jesuit High School',
    grade: 10,
    avatarUrl: null,
    serviceHours: 1.5,
    isAdmin: false,
    isSupervisor: false,
    ...overrides,
  };
}

function peerRow({ id: _id, ...row }: DirectoryUser): DirectoryUser {
  return row;
}

let server: TestServer;
let restoreFetch: () => void;
let me: CurrentUser = student;
let users: DirectoryUser[] = [];

beforeAll(async () => {
  // This area's texts, as the shell's `ready` loads them before the page renders.
  await registerCatalogue(loadCatalogue);
  server = await startTestServer({
    'GET /api/user': (_req, res) => json(res, 200, me),
    'GET /api/directory': (_req, res) => json(res, 200, users),
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(() => {
  me = student;
  queryClient.clear();
  usePlatformStore.setState({ user: undefined, toasts: [] });
});

afterEach(() => cleanup());

const renderPage = renderDirectoryPage;

const stat = (label: string) =>
  within(screen.getByRole('group', { name: label })).getAllByText(/./)[1].textContent;

describe('DirectoryPage', () => {
  it('says so when nobody has joined yet', async () => {
    users = [];
    renderPage();
    expect(await screen.findByText(EMPTY_TEXTS.directory)).toBeTruthy();
    expect(stat('Total Students')).toBe('0');
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('shows the three stat cards and every registry school collapsed, empty ones with the spec text', async () => {
    users = [
      entry(1, { serviceHours: 4.5 }),
      entry(2, { school: 'Riverdale High School', serviceHours: 2 }),
      entry(3, { school: 'Other', isAdmin: true, grade: 12 }),
    ];
    renderPage();
    await screen.findByRole('searchbox');
    // Issue 33: the admin's card is no student: in no total.
    expect(stat('Total Students')).toBe('2');
    expect(stat('Total Service Hours')).toBe('6.5');
    expect(stat('Schools with Students')).toBe('2');
    const toggles = screen
      .getAllByRole('button', { expanded: false })
      .filter((b) => b.closest('h2'));
    // 21 registry schools and "Other", all collapsed, in registry order.
    expect(toggles).toHaveLength(22);
    expect(toggles[0].textContent).toMatch(/^Bonnabel Magnet Academy High School0 students$/);
    expect(toggles[21].textContent).toMatch(/^Other1 student$/);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);

    const homeschool = toggles.find((t) => t.textContent?.startsWith('Homeschool'))!;
    act(() => fireEvent.click(homeschool));
    expect(screen.getByText(EMPTY_TEXTS.schoolStudents)).toBeTruthy();

    const jesuit = toggles.find((t) => t.textContent?.startsWith('Jesuit'))!;
    act(() => fireEvent.click(jesuit));
    const card = screen.getByRole('listitem');
    expect(card.textContent).toContain('Student 1');
    expect(card.textContent).toContain('Grade 10');
    expect(card.textContent).toContain('4.5 hours');
  });

  it('gives admins the backup button and controls on other cards only', async () => {
    me = admin;
    users = [entry(1, { ref: admin.ref, name: admin.name, isAdmin: true }), entry(2)];
    renderPage();
    await screen.findByRole('button', { name: 'Backup User Data' });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'jesuit' } });
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const mine = cards.find((c) => c.textContent?.includes(admin.name))!;
    const other = cards.find((c) => c.textContent?.includes('Student 2'))!;
    expect(within(mine).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(mine).getByText('You')).toBeTruthy();
    expect(within(mine).getByText('Admin')).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Delete Student 2' })).toBeTruthy();
  });

  // Issue 20: a student's list carries refs and no ids; their own card is found by ref.
  it('marks the student\'s own card "You" by ref, in a list without ids', async () => {
    me = student;
    users = [
      peerRow(entry(7, { ref: 'ref-someone-else', name: 'Maya Twin' })),
      peerRow(entry(8, { ref: student.ref, name: student.name, grade: 11 })),
      peerRow(entry(9, { isSupervisor: true })),
    ];
    renderPage();
    fireEvent.change(await screen.findByRole('searchbox'), { target: { value: 'jesuit' } });
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const mine = cards.find((c) => c.textContent?.includes(student.name))!;
    const twin = cards.find((c) => c.textContent?.includes('Maya Twin'))!;
    expect(within(mine).getByText('You')).toBeTruthy();
    expect(mine.getAttribute('data-user-ref')).toBe(student.ref);
    // Built from the user's id (7), but another ref: not them.
    expect(within(twin).queryByText('You')).toBeNull();
    expect(screen.getAllByText('You')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});

describe('DirectoryPage in Spanish', () => {
  afterEach(() => changeLanguage('en'));

  it('shows the heading, counts, cards and admin controls in Spanish', async () => {
    await changeLanguage('es');
    me = admin;
    users = [
      entry(1, { ref: admin.ref, name: admin.name, isAdmin: true }),
      entry(2, { serviceHours: 4.5 }),
      entry(3, { school: 'Other', grade: 12, serviceHours: 1 }),
    ];
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Directorio de estudiantes' }),
    ).toBeTruthy();
    await screen.findByRole('button', { name: 'Copia de seguridad de usuarios' });
    expect(stat('Total de estudiantes')).toBe('2');
    expect(screen.getByRole('tab', { name: 'Configuración del distrito' })).toBeTruthy();
    const toggles = screen
      .getAllByRole('button', { expanded: false })
      .filter((b) => b.closest('h2'));
    expect(toggles[21].textContent).toBe('Otra1 estudiante');
    expect(toggles.find((b) => b.textContent?.startsWith('Jesuit'))!.textContent).toMatch(
      /2 estudiantes$/,
    );

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'jesuit' } });
    // The admin's own card matches too, but is no student (issue 33).
    expect(await screen.findByText('1 de 2 estudiantes coinciden')).toBeTruthy();
    const cards = await screen.findAllByRole('listitem');
    const other = cards.find((c) => c.textContent?.includes('Student 2'))!;
    expect(other.textContent).toContain('Grado 10');
    expect(other.textContent).toContain('4,5 horas');
    expect(within(other).getByRole('button', { name: 'Eliminar a Student 2' })).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Hacer supervisor: Student 2' })).toBeTruthy();
    const mine = cards.find((c) => c.textContent?.includes(admin.name))!;
    expect(within(mine).getByText('Tú')).toBeTruthy();
  });
});
