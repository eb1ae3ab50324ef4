// IndexedDB as the phone has it (jsdom has none).
import 'fake-indexeddb/auto';
import { changeLanguage, usePlatformStore } from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, screen } from '@testing-library/react';
import { CheckInPage } from '../../pages/check-in/check-in-page';
import { renderInArea, withVolunteerTexts } from '../../testing/render';

// Issue 34: a check-in without a signal is saved on the phone with the time of the scan, the page
// says it will be sent, and it is sent (once, with its scan time and key) when the network returns.
withVolunteerTexts();

const student = {
  id: 7,
  name: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.org',
  school: 'Jesuit High School',
  grade: 11,
  avatarUrl: null,
  serviceHours: 0,
  isAdmin: false,
  isSupervisor: false,
  language: 'en',
};

let online = true;
let server: TestServer;
let restoreFetch: () => void;
beforeAll(async () => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  server = await startTestServer({
    'GET /api/user': (_req, res) => json(res, 200, student),
    'POST /api/opportunities/4/check-in': (_req, res) =>
      json(res, 200, {
        opportunityId: 4,
        userId: 7,
        attended: true,
        method: 'check-in',
        recordedAt: new Date().toISOString(),
      }),
    'POST /api/opportunities/5/check-in': (_req, res) =>
      json(res, 400, {
        statusCode: 400,
        message:
          'That check-in code is wrong or has expired. Scan the code shown at the event again.',
        errors: [{ path: 'code', message: 'wrong' }],
      }),
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});
afterAll(async () => {
  restoreFetch();
  await server.close();
});
beforeEach(() => {
  online = false;
  usePlatformStore.getState().setUser(student);
});
afterEach(async () => {
  cleanup();
  await act(() => changeLanguage('en'));
});

const checkIns = (id: number) =>
  server.requests.filter(
    (r) => r.method === 'POST' && r.url === `/api/opportunities/${id}/check-in`,
  );

async function backOnline() {
  online = true;
  await act(async () => {
    dispatchEvent(new Event('online'));
  });
}

describe('a check-in without a signal', () => {
  it('is saved on the phone, says it will be sent, and is sent once when back online', async () => {
    const before = Date.now();
    renderInArea(<CheckInPage />, { path: '/volunteer/check-in?o=4&c=123456' });
    const saved = await screen.findByRole('status');
    expect(saved.textContent).toContain('Saved on this phone: not sent yet');
    expect(saved.textContent).toContain('will be sent when your phone is back online');
    expect(checkIns(4)).toHaveLength(0);

    await backOnline();
    expect(await screen.findByText('You’re checked in.')).toBeTruthy();
    // A second 'online' finds nothing left to send.
    await backOnline();
    expect(checkIns(4)).toHaveLength(1);
    const body = JSON.parse(checkIns(4)[0]!.body) as Record<string, string>;
    expect(body.code).toBe('123456');
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const scannedAt = new Date(body.scannedAt!).getTime();
    expect(scannedAt).toBeGreaterThanOrEqual(before);
    expect(scannedAt).toBeLessThanOrEqual(Date.now());
  });

  it('says so in Spanish', async () => {
    await act(() => changeLanguage('es'));
    renderInArea(<CheckInPage />, { path: '/volunteer/check-in?o=6&c=123456' });
    const saved = await screen.findByRole('status');
    expect(saved.textContent).toContain('Guardado en este teléfono: aún no se envió');
    expect(saved.textContent).toContain('se enviará cuando tu teléfono vuelva a tener conexión');
  });

  it('shows the refusal when the code was not valid at the scan', async () => {
    renderInArea(<CheckInPage />, { path: '/volunteer/check-in?o=5&c=111111' });
    await screen.findByRole('status');
    await backOnline();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That check-in code is wrong or has expired. Scan the code shown at the event again.',
    );
    expect(checkIns(5)).toHaveLength(1);
  });
});
