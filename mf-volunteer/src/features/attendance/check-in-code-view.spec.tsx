import { type Opportunity } from '@district/contracts';
import { changeLanguage } from '@district/ui';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import { renderInArea, withVolunteerTexts } from '../../testing/render';
import { CheckInCodeView } from './check-in-code-view';

withVolunteerTexts();

// Saturday May 3, 2031, 10:30 to 12:30 in the viewer's zone: check-in opens at 9:30.
const event: Opportunity = {
  id: 7,
  title: 'Saturday Tutoring',
  description: 'Help younger students with reading.',
  location: 'Kenner Library',
  date: new Date(2031, 4, 3, 10, 30).toISOString(),
  endsAt: new Date(2031, 4, 3, 12, 30).toISOString(),
  spaces: 4,
  filled: 1,
  status: 'active',
};

describe('the check-in code tab before check-in opens (issue 33.11)', () => {
  // What the area asks the server: the code, once asked.
  let fetchMock: jest.Mock<QueryFunction>;
  let client: QueryClient;
  beforeEach(() => {
    fetchMock = jest.fn<QueryFunction>(async () => ({
      code: '123456',
      url: '/volunteer/check-in?o=7&c=123456',
      expiresAt: new Date(Date.now() + 30_000).toISOString(),
      periodSeconds: 30,
    }));
    client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: fetchMock } } });
  });
  afterEach(async () => {
    cleanup();
    jest.useRealTimers();
    await act(() => changeLanguage('en'));
  });

  it('says the day and time it opens, in both languages, without asking the server', async () => {
    jest.useFakeTimers({ now: new Date(2031, 4, 1, 12, 0), advanceTimers: true });
    renderInArea(<CheckInCodeView opportunity={event} />, { client });
    expect(screen.getByText('Check-in opens on Saturday, May 3 at 9:30 AM.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => changeLanguage('es'));
    // es-US writes "9:30 a.m." (with a no-break space before "a.").
    expect(document.body.textContent?.replace(/\s/g, ' ')).toBe(
      'Apertura del registro de asistencia: sábado, 3 de mayo, 9:30 a.m.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on the day says the time, then shows the code when it opens', async () => {
    jest.useFakeTimers({ now: new Date(2031, 4, 3, 9, 0), advanceTimers: true });
    renderInArea(<CheckInCodeView opportunity={event} />, { client });
    expect(screen.getByText('Check-in opens at 9:30 AM.')).toBeTruthy();
    await act(() => changeLanguage('es'));
    expect(document.body.textContent?.replace(/\s/g, ' ')).toBe(
      'Apertura del registro de asistencia: hoy, 9:30 a.m.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(30 * 60_000);
    });
    expect(await screen.findByTestId('check-in-code')).toBeTruthy();
    expect(screen.getByTestId('check-in-code').textContent).toBe('123456');
    expect(screen.queryByText(/Check-in opens/)).toBeNull();
  });
});
