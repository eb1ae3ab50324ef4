import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { CurrentUser, ServiceHoursSummary, StudentProgress } from '@district/contracts';
import { AuthProvider, queryClient, usePlatformStore } from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { inSpanish, loadHoursCatalogue, renderInLanguage } from '../../testing/i18n';
import { SupervisorPage } from './supervisor-page';

const SCHOOL = 'Jesuit High School';
const supervisor: CurrentUser = {
  id: 2,
  ref: 'ref-2',
  name: 'Sam Supervisor',
  username: 'sam',
  email: 'sam@example.org',
  school: SCHOOL,
  grade: 12,
  avatarUrl: null,
  serviceHours: 0,
  isAdmin: false,
  isSupervisor: true,
  directoryVisible: true,
  restricted: false,
};

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
    'GET /api/service-hours/students': (req, res) => {
      studentQueries.push(req.url ?? '');
      json(res, 200, [behind]);
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
  queryClient.clear();
  usePlatformStore.setState({ user: undefined, toasts: [] });
});

afterEach(cleanup);

const renderPage = () =>
  renderInLanguage(
    <AuthProvider>
      <SupervisorPage />
    </AuthProvider>,
  );

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
      // Counts with the language's grouping.
      expect(await screen.findByRole('tab', { name: 'Aprobadas (1,200)' })).toBeTruthy();
      expect(screen.getByRole('group', { name: 'Horas aprobadas' }).textContent).toContain(
        '2,500.5',
      );

      const students = screen.getByRole('region', { name: 'Progreso de los estudiantes' });
      const filter = within(students).getByRole('checkbox', { name: 'Atrasados en la meta' });
      fireEvent.click(filter);
      const row = await within(students).findByTestId('goal-student');
      expect(row.textContent).toContain('Grado 9');
      expect(row.textContent).toContain('2 de 10 horas · 1.5 pendientes · faltan 8');
      expect(within(row).getByRole('progressbar', { name: 'Progreso de Maya Lee' })).toBeTruthy();
      expect(studentQueries.some((url) => url.includes('behindGoal=true'))).toBe(true);
      expect(
        within(students).getByRole('button', { name: 'Ver atrasados por escuela' }),
      ).toBeTruthy();
    });
  });
});
