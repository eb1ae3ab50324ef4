import { apiPaths, type Opportunity } from '@district/contracts';
import { changeLanguage } from '@district/ui';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInArea, testQueryClient, withVolunteerTexts } from '../../testing/render';
import { opportunitiesKey, signupsKey } from '../volunteer/volunteer.queries';
import { ArchiveOpportunityButton } from './archive-opportunity-button';
import { OpportunityCard } from './opportunity-card';

withVolunteerTexts();

const tutoring: Opportunity = {
  id: 7,
  title: 'Saturday Tutoring',
  description: 'Help younger students with reading.',
  location: 'Kenner Library',
  date: new Date(2031, 4, 3, 9).toISOString(),
  endsAt: new Date(2031, 4, 3, 11).toISOString(),
  spaces: 4,
  filled: 1,
  status: 'active',
};

describe('Withdraw and Archive ask first (issue 33.11)', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({}), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    globalThis.fetch = fetchMock;
  });
  afterEach(async () => {
    cleanup();
    await act(() => changeLanguage('en'));
  });

  it('a student withdraws only after confirming; Cancel keeps the sign-up', async () => {
    const client = testQueryClient();
    client.setQueryData(signupsKey(7), [{ name: 'Ana', school: 'Jesuit High School', mine: true }]);
    client.setQueryData([apiPaths.myWaitlist], []);
    client.setQueryData(opportunitiesKey('active'), [tutoring]);
    renderInArea(<OpportunityCard opportunity={tutoring} />, { client });

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Withdraw from this event?');
    expect(dialog.textContent).toContain('"Saturday Tutoring"');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls().filter((c) => !c.startsWith('GET'))).toEqual([]);

    await act(() => changeLanguage('es'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar inscripción' }));
    dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('¿Cancelar tu inscripción en este evento?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar inscripción' }));
    await waitFor(() => expect(calls()).toContain('DELETE /api/opportunities/7/signup'));
  });

  it('an admin archives only after confirming', async () => {
    renderInArea(<ArchiveOpportunityButton opportunity={tutoring} />);
    fireEvent.click(screen.getByRole('button', { name: 'Archive Saturday Tutoring' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Archive this opportunity?');
    expect(calls()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(calls()).toEqual(['PATCH /api/opportunities/7/status']));
  });
});
