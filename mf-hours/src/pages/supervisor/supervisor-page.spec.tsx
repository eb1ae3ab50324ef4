import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServiceHoursSummary, StudentProgress } from '@district/contracts';
import { AuthProvider, queryClient, usePlatformStore } from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { inSpanish, loadHoursCatalogue, renderInLanguage } from '../../testing/i18n';
import { supervisor, SUPERVISOR_SCHOOL } from '../../testing/users';
import { SupervisorPage } from './supervisor-page';

const SCHOOL = SUPERVISOR_SCHOOL;

const totals = {
  total: 1234,
  pending: 3,
  approved: 1200,
  rejected: 31,
  approvedHours: 2500.5,
  pendingHours: 6,
  activeStudents: 410,
};
const summary: ServiceHoursSummary = {
  ...totals,
  schools: [SCHOOL],
  bySchool: { [SCHOOL]: totals },
};
const behind: StudentProgress = {
  userId: 9,
  name: 'Maya Lee',
  school: SCHOOL,
  grade: 9,
  goal: { hours: 10, dueDate: '2026-05-29', grade: 9, school: null },
  approvedHours: 2,
  pendingHours: 1.5,
  hoursLeft: 8,
  daysLeft: 30,
  behind: true,
};

let others: StudentProgress[] = [];

let server: TestServer;
let restoreFetch: () => void;
let studentQueries: string[] = [];

beforeAll(async () => {
  await loadHoursCatalogue();
  server = await startTestServer({
    'GET /api/user': (_req, res) => json(res, 200, supervisor),
    'GET /api/service-hours/summary': (_req, res) => json(res, 200, summary),
    'GET /api/service-hours': (_req, res) =>
      json(res, 200, { items: [], total: 0, nextCursor: null }),
    // Pages and searches as svc-hours does: Maya first, then numbered students.
    'GET /api/service-hours/students': (req, res) => {
      studentQueries.push(req.url ?? '');
      const query = new URL(req.url ?? '', 'http://x').searchParams;
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 25);
      const q = (query.get('q') ?? '').toLowerCase();
      const all = [behind, ...others].filter((s) => s.name.toLowerCase().includes(q));
      const items = all.slice((page - 1) * pageSize, page * pageSize);
      json(res, 200, { items, total: all.length, page, pageSize });
    },
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(() => {
  studentQueries = [];
  others = [];
  queryClient.clear();
  usePlatformStore.setState({ user: undefined, toasts: [] });
});

afterEach(cleanup);

function renderPage() {
  return renderInLanguage(
    <AuthProvider>
      <SupervisorPage />
    </AuthProvider>,
  );
}

describe('SupervisorPage filters in both languages (issue 22)', () => {
  it('shows the filters, tabs and student progress in English', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Supervisor Dashboard' }),
    ).toBeTruthy();
    expect(screen.getByLabelText('School')).toBeTruthy();
    expect(screen.getByLabelText('Organisation answer')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Pending (3)' })).toBeTruthy();
    const students = screen.getByRole('region', { name: 'Student Progress' });
    const row = await within(students).findByTestId('goal-student');
    expect(row.textContent).toContain('2 of 10 hours · 1.5 pending · 8 to go');
  });

  it('speaks Spanish to a Spanish-speaking supervisor: filters, tabs, counts and progress', async () => {
    await inSpanish(async () => {
      renderPage();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Panel de supervisión' }),
      ).toBeTruthy();
      expect(screen.getByLabelText('Escuela')).toBeTruthy();
      expect(screen.getByLabelText('Respuesta de la organización')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Exportar CSV' })).toBeTruthy();
      // Counts as Spanish writes them: a decimal comma, no separator in four digits (issue 33).
      expect(await screen.findByRole('tab', { name: 'Aprobadas (1200)' })).toBeTruthy();
      expect(screen.getByRole('group', { name: 'Horas aprobadas' }).textContent).toContain(
        '2500,5',
      );

      const students = screen.getByRole('region', { name: 'Progreso de los estudiantes' });
      const filter = within(students).getByRole('checkbox', { name: 'Atrasados en la meta' });
      fireEvent.click(filter);
      const row = await within(students).findByTestId('goal-student');
      expect(row.textContent).toContain('Grado 9');
      expect(row.textContent).toContain('2 de 10 horas · 1,5 pendientes · faltan 8');
      expect(within(row).getByRole('progressbar', { name: 'Progreso de Maya Lee' })).toBeTruthy();
      await waitFor(() =>
        expect(studentQueries.some((url) => url.includes('behindGoal=true'))).toBe(true),
      );
      expect(
        within(students).getByRole('button', { name: 'Ver atrasados por escuela' }),
      ).toBeTruthy();
    });
  });

  it('pages Student Progress 25 at a time and searches it on the server, in both languages', async () => {
    others = Array.from({ length: 59 }, (_, i) => ({
      ...behind,
      userId: 100 + i,
      name: `Student ${String(i + 1).padStart(2, '0')}`,
    }));
    renderPage();
    const students = await screen.findByRole('region', { name: 'Student Progress' });
    expect(await within(students).findByText('Students 1–25 of 60')).toBeTruthy();
    expect(within(students).getAllByTestId('goal-student')).toHaveLength(25);
    expect(studentQueries.at(-1)).toContain('pageSize=25');
    const pager = within(students).getByRole('navigation', { name: 'Pages of students' });
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(await within(students).findByText('Students 26–50 of 60')).toBeTruthy();
    expect(studentQueries.at(-1)).toContain('page=2');
    fireEvent.change(within(students).getByRole('searchbox', { name: 'Search students by name' }), {
      target: { value: 'maya' },
    });
    expect(await within(students).findByText('Students 1–1 of 1')).toBeTruthy();
    expect(studentQueries.at(-1)).toContain('q=maya');
    expect(studentQueries.at(-1)).not.toContain('page=2');
    expect(within(students).queryByRole('navigation')).toBeNull();
    fireEvent.change(within(students).getByRole('searchbox'), { target: { value: 'nobody' } });
    expect(await within(students).findByText('No student matches “nobody”')).toBeTruthy();
    cleanup();

    await inSpanish(async () => {
      renderPage();
      const region = await screen.findByRole('region', { name: 'Progreso de los estudiantes' });
      expect(await within(region).findByText('Estudiantes 1–25 de 60')).toBeTruthy();
      const nav = within(region).getByRole('navigation', { name: 'Páginas de estudiantes' });
      expect(within(nav).getByRole('button', { name: 'Página anterior' })).toHaveProperty(
        'disabled',
        true,
      );
      fireEvent.click(within(nav).getByRole('button', { name: 'Página siguiente' }));
      expect(await within(region).findByText('Estudiantes 26–50 de 60')).toBeTruthy();
      expect(
        within(region).getByRole('searchbox', { name: 'Buscar estudiantes por nombre' }),
      ).toBeTruthy();
    });
  });
});
