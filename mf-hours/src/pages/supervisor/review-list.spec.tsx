import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServiceHoursLog, ServiceHoursSummary } from '@district/contracts';
import { AuthProvider, queryClient, usePlatformStore } from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { loadHoursCatalogue, renderInLanguage } from '../../testing/i18n';
import { supervisor, SUPERVISOR_SCHOOL } from '../../testing/users';
import { SupervisorPage } from './supervisor-page';

const SCHOOL = SUPERVISOR_SCHOOL;
const totals = {
  total: 1,
  pending: 1,
  approved: 0,
  rejected: 0,
  approvedHours: 0,
  pendingHours: 1.5,
  activeStudents: 1,
};
const summary: ServiceHoursSummary = {
  ...totals,
  schools: [SCHOOL],
  bySchool: { [SCHOOL]: totals },
};
const pendingEntry: ServiceHoursLog = {
  id: 8,
  userId: 9,
  opportunityId: null,
  hours: 1.5,
  description: 'Sorted cans at the food bank',
  date: '2026-03-14',
  status: 'pending',
  approvedBy: null,
  submittedAt: '2026-03-15T10:00:00.000Z',
  userName: 'Ada Student',
  schoolName: SCHOOL,
  source: 'manual',
  possibleDuplicateOf: null,
  confirmation: null,
  rejectionReason: null,
};

// The entry as the server holds it, changed by the PATCH calls like svc-hours would.
let entry: ServiceHoursLog = pendingEntry;
let server: TestServer;
let restoreFetch: () => void;

beforeAll(async () => {
  await loadHoursCatalogue();
  server = await startTestServer({
    'GET /api/user': (_req, res) => json(res, 200, supervisor),
    'GET /api/service-hours/summary': (_req, res) => json(res, 200, summary),
    'GET /api/service-hours/students': (_req, res) =>
      json(res, 200, { items: [], total: 0, page: 1, pageSize: 25 }),
    'GET /api/service-hours': (req, res) => {
      const status = new URL(req.url ?? '', 'http://x').searchParams.get('status');
      const items = entry.status === status ? [entry] : [];
      json(res, 200, { items, total: items.length, nextCursor: null });
    },
    'PATCH /api/service-hours/8/status': (_req, res, body) => {
      const { status, reason } = JSON.parse(body) as {
        status: ServiceHoursLog['status'];
        reason?: string;
      };
      entry = { ...entry, status, rejectionReason: reason ?? null };
      json(res, 200, entry);
    },
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(() => {
  entry = pendingEntry;
  server.requests.length = 0;
  queryClient.clear();
  usePlatformStore.setState({ user: undefined, toasts: [] });
});

afterEach(cleanup);

const patches = () =>
  server.requests.filter((r) => r.method === 'PATCH').map((r) => JSON.parse(r.body) as unknown);

describe('ReviewList rejection and undo (issue 33)', () => {
  it('asks for a reason before rejecting, offers common ones, then lets the decision be undone', async () => {
    renderInLanguage(
      <AuthProvider>
        <SupervisorPage />
      </AuthProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reject 1.5 hours by Ada Student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 1.5 hours by Ada Student?' });
    // Required on the screen: nothing is sent without a reason.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Choose or write a reason')).toBeTruthy();
    expect(patches()).toEqual([]);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Missing details' }));
    expect(
      (within(dialog).getByLabelText('Reason (the student sees it)') as HTMLTextAreaElement).value,
    ).toBe('Missing details');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('Rejected: 1.5 hours by Ada Student.')).toBeTruthy();
    expect(patches()).toEqual([{ status: 'rejected', reason: 'Missing details' }]);

    fireEvent.click(
      screen.getByRole('button', { name: 'Undo the decision on 1.5 hours by Ada Student' }),
    );
    expect(
      await screen.findByText('Undone: 1.5 hours by Ada Student is pending again.'),
    ).toBeTruthy();
    expect(patches()).toEqual([
      { status: 'rejected', reason: 'Missing details' },
      { status: 'pending' },
    ]);
    // Back in the Pending tab, to be decided again.
    expect(
      await screen.findByRole('button', { name: 'Reject 1.5 hours by Ada Student' }),
    ).toBeTruthy();
  });

  it('approves in one click, with Undo too', async () => {
    renderInLanguage(
      <AuthProvider>
        <SupervisorPage />
      </AuthProvider>,
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Approve 1.5 hours by Ada Student' }),
    );
    expect(await screen.findByText('Approved: 1.5 hours by Ada Student.')).toBeTruthy();
    await waitFor(() => expect(patches()).toEqual([{ status: 'approved' }]));
    expect(
      screen.getByRole('button', { name: 'Undo the decision on 1.5 hours by Ada Student' }),
    ).toBeTruthy();
  });
});
