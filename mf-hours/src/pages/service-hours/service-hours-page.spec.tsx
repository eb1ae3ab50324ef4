import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser, MyProgress, ServiceHoursLog } from '@district/contracts';
import { AuthProvider, queryClient, usePlatformStore } from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { inSpanish, loadHoursCatalogue, renderInLanguage } from '../../testing/i18n';
import { ServiceHoursPage } from './service-hours-page';

const student: CurrentUser = {
  id: 7,
  ref: 'ref-7',
  name: 'Maya Lee',
  username: 'maya',
  email: 'maya@example.org',
  school: 'Jesuit High School',
  grade: 9,
  avatarUrl: null,
  serviceHours: 0,
  isAdmin: false,
  isSupervisor: false,
  directoryVisible: true,
  restricted: false,
};

// No months: the chart (a canvas jsdom cannot draw) stays out of these tests.
const progress: MyProgress = {
  goal: { hours: 10, dueDate: '2026-05-29', grade: 9, school: null },
  approvedHours: 2.5,
  pendingHours: 1,
  hoursLeft: 7.5,
  daysLeft: 1,
  behind: true,
  months: [],
};

// Issue 33: a rejected entry with its reason.
const rejected: ServiceHoursLog = {
  id: 5,
  userId: student.id,
  opportunityId: null,
  hours: 4.5,
  description: 'Helped at the food bank',
  date: '2026-03-14',
  status: 'rejected',
  approvedBy: 2,
  submittedAt: '2026-03-15T10:00:00.000Z',
  userName: student.name,
  schoolName: student.school,
  source: 'manual',
  possibleDuplicateOf: null,
  confirmation: null,
  rejectionReason: 'Missing details',
};
let mine: ServiceHoursLog[] = [];
const RECORD_CODE = '7K2MXQ9PRT4W';

let server: TestServer;
let restoreFetch: () => void;

beforeAll(async () => {
  await loadHoursCatalogue();
  server = await startTestServer({
    'GET /api/user': (_req, res) => json(res, 200, student),
    'GET /api/service-hours': (_req, res) => json(res, 200, mine),
    'PUT /api/service-hours/5': (_req, res, body) => {
      const sent = JSON.parse(body) as Partial<ServiceHoursLog>;
      mine = [{ ...rejected, ...sent, status: 'pending', approvedBy: null }];
      json(res, 200, mine[0]);
    },
    'GET /api/service-hours/progress': (_req, res) => json(res, 200, progress),
    'GET /api/opportunities': (_req, res) => json(res, 200, []),
    'POST /api/service-records': (_req, res) =>
      json(res, 201, {
        code: RECORD_CODE,
        url: `https://volunteers.jpschools.example.org/verify/${RECORD_CODE}`,
        pdfUrl: `/api/service-records/${RECORD_CODE}/pdf`,
      }),
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(() => {
  mine = [];
  queryClient.clear();
  usePlatformStore.setState({ user: undefined, toasts: [] });
});

afterEach(cleanup);

const renderPage = () =>
  renderInLanguage(
    <AuthProvider>
      <ServiceHoursPage />
    </AuthProvider>,
  );

describe('ServiceHoursPage progress (issue 19) in both languages (issue 22)', () => {
  it('shows the goal progress in English', async () => {
    renderPage();
    const region = await screen.findByRole('region', { name: 'Goal Progress' });
    expect(
      await within(region).findByText('2.5 of 10 hours approved · due May 29, 2026'),
    ).toBeTruthy();
    expect(
      within(region)
        .getByRole('progressbar', { name: 'Progress toward your goal' })
        .getAttribute('aria-valuetext'),
    ).toBe('2.5 of 10 hours');
    expect(within(region).getByRole('group', { name: 'Hours Left' }).textContent).toContain('7.5');
  });

  it('shows a Spanish-speaking student the page, the progress and a field error in Spanish', async () => {
    await inSpanish(async () => {
      renderPage();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Horas de servicio' }),
      ).toBeTruthy();
      const region = await screen.findByRole('region', { name: 'Progreso hacia la meta' });
      expect(
        await within(region).findByText('2,5 de 10 horas aprobadas · fecha límite: 29 may 2026'),
      ).toBeTruthy();
      expect(
        within(region)
          .getByRole('progressbar', { name: 'Progreso hacia tu meta' })
          .getAttribute('aria-valuetext'),
      ).toBe('2,5 de 10 horas');
      const days = within(region).getByRole('group', { name: 'Días restantes' });
      expect(days.textContent).toContain('hasta la fecha límite');
      expect(screen.getByRole('tab', { name: 'Registrar horas' })).toBeTruthy();

      // The shared schema's message, shown in Spanish under the field.
      fireEvent.change(screen.getByLabelText('Descripción'), { target: { value: 'Corto' } });
      fireEvent.click(screen.getByRole('button', { name: 'Enviar horas' }));
      expect(
        await screen.findByText('La descripción debe tener al menos 10 caracteres'),
      ).toBeTruthy();
    });
  });
});

describe('ServiceHoursPage figures (issue 33)', () => {
  it('shows approved and pending hours once, with the goal card keeping only what is its own', async () => {
    renderPage();
    await screen.findByRole('region', { name: 'Goal Progress' });
    expect(screen.getAllByRole('group', { name: 'Approved Hours' })).toHaveLength(1);
    expect(screen.getAllByRole('group', { name: 'Pending Approval' })).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Hours Left' })).toBeTruthy();
  });
});

describe('ServiceHoursPage official record (issue 33.11)', () => {
  it('shows the share link whole, wrapping only after its slashes, in Spanish', async () => {
    await inSpanish(async () => {
      renderPage();
      fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Mis horas' }));
      fireEvent.click(screen.getByRole('tab', { name: 'Mis horas' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Emitir registro oficial' }));
      expect(
        await screen.findByText(`Se emitió el registro ${RECORD_CODE}. Comparte este enlace:`),
      ).toBeTruthy();
      const url = `https://volunteers.jpschools.example.org/verify/${RECORD_CODE}`;
      const link = screen.getByRole('link', { name: /verify/ });
      expect(link.getAttribute('href')).toBe(url);
      expect(link.textContent).toBe(url);
      // Break opportunities after the slashes only: never inside the host or the record's code.
      expect(link.innerHTML).toBe(
        `https://<wbr>volunteers.jpschools.example.org/<wbr>verify/<wbr>${RECORD_CODE}`,
      );
    });
  });
});

describe('ServiceHoursPage rejected entries (issue 33)', () => {
  it('tells a Spanish-speaking student why and what to do, and sends the corrected entry again', async () => {
    mine = [rejected];
    await inSpanish(async () => {
      renderPage();
      fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Mis horas' }));
      fireEvent.click(screen.getByRole('tab', { name: 'Mis horas' }));
      const entry = await screen.findByTestId('hours-entry');
      expect(within(entry).getByText('4,5 horas')).toBeTruthy();
      expect(within(entry).getByText('Motivo: Missing details')).toBeTruthy();
      expect(within(entry).getByText(/Qué hacer ahora: corrige el registro/)).toBeTruthy();

      fireEvent.click(
        within(entry).getByRole('button', {
          name: 'Corregir y reenviar 4,5 horas del 14 mar 2026',
        }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Corregir y reenviar' });
      expect(
        within(dialog).getByText(/Un supervisor rechazó este registro: “Missing details”/),
      ).toBeTruthy();
      fireEvent.change(within(dialog).getByLabelText('Horas'), { target: { value: '3' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar de nuevo' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const put = server.requests.find((r) => r.method === 'PUT');
      expect(JSON.parse(put?.body ?? '{}')).toEqual({
        hours: 3,
        date: '2026-03-14',
        description: 'Helped at the food bank',
      });
      // Pending again, the reason it answers still shown until the new review.
      expect(
        await screen.findByText('Enviado de nuevo tras un rechazo: “Missing details”'),
      ).toBeTruthy();
    });
  });
});
