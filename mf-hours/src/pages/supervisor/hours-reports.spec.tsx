import { cleanup, screen, within } from '@testing-library/react';
import type { HoursReports as Reports } from '@district/contracts';
import { queryClient } from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { inSpanish, loadHoursCatalogue, renderInLanguage } from '../../testing/i18n';
import HoursReports from './hours-reports';

let reports: Reports;
let server: TestServer;
let restoreFetch: () => void;

beforeAll(async () => {
  await loadHoursCatalogue();
  server = await startTestServer({
    'GET /api/service-hours/reports': (_req, res) => json(res, 200, reports),
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(() => queryClient.clear());
afterEach(cleanup);

describe('HoursReports (issue 19)', () => {
  it('shows each report as a table whose cells hold the figures, each column named for screen readers', async () => {
    reports = {
      hoursByMonth: [{ school: 'Jesuit High School', month: '2026-10', hours: 1234.5 }],
      goalsMet: [{ school: 'Jesuit High School', grade: 9, students: 40, met: 12 }],
      topOrganisations: [{ organisation: 'Food Bank', hours: 80, students: 7 }],
    };
    renderInLanguage(<HoursReports />);
    const goals = await screen.findByRole('region', { name: 'Students meeting their goal' });
    expect(
      within(goals)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['School', 'Grade', 'Met their goal', 'Students with a goal']);
    const cells = within(goals).getAllByRole('cell');
    // The cell's text is its figure; the column's name travels as data for the stacked layout.
    expect(cells.map((c) => c.textContent)).toEqual(['Jesuit High School', '9', '12', '40']);
    expect(cells.map((c) => c.dataset.label)).toEqual([
      'School',
      'Grade',
      'Met their goal',
      'Students with a goal',
    ]);
    const months = screen.getByRole('region', { name: 'Hours approved per school per month' });
    expect(within(months).getAllByRole('cell')[2].textContent).toBe('1,234.5');
    expect(within(months).getByRole('link', { name: 'Download CSV' })).toBeTruthy();
  });

  it('says when a report has nothing in it yet, in Spanish too', async () => {
    reports = { hoursByMonth: [], goalsMet: [], topOrganisations: [] };
    await inSpanish(async () => {
      renderInLanguage(<HoursReports />);
      const top = await screen.findByRole('region', { name: 'Organizaciones principales' });
      expect(within(top).getByText('Todavía no hay nada que informar.')).toBeTruthy();
      expect(within(top).queryByRole('table')).toBeNull();
    });
  });
});
