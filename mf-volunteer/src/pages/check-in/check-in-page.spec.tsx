import { APP_ROUTES } from '@district/contracts';
import { changeLanguage } from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, cleanup, screen } from '@testing-library/react';
import { renderInArea, withVolunteerTexts } from '../../testing/render';
import { CheckInPage } from './check-in-page';

withVolunteerTexts();

let server: TestServer;
let restoreFetch: () => void;
beforeAll(async () => {
  server = await startTestServer({
    'POST /api/opportunities/4/check-in': (_req, res) =>
      json(res, 200, {
        opportunityId: 4,
        userId: 7,
        attended: true,
        method: 'check-in',
        recordedAt: new Date().toISOString(),
      }),
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});
afterAll(async () => {
  restoreFetch();
  await server.close();
});
afterEach(async () => {
  cleanup();
  await act(() => changeLanguage('en'));
});

describe('the check-in page a QR code opens', () => {
  it('checks in with the scanned code and says so in Spanish, with the link to Service Hours', async () => {
    await changeLanguage('es');
    renderInArea(<CheckInPage />, { path: '/volunteer/check-in?o=4&c=123456' });
    expect(await screen.findByText('Tu asistencia quedó registrada.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Horas de servicio' });
    expect(link.getAttribute('href')).toBe(APP_ROUTES.serviceHours);
    expect(link.parentElement?.textContent).toBe(
      'Tus horas de este evento ya aparecen como aprobadas en Horas de servicio.',
    );
    expect(server.requests.at(-1)).toMatchObject({ body: JSON.stringify({ code: '123456' }) });
  });

  it('says the same in English', async () => {
    renderInArea(<CheckInPage />, { path: '/volunteer/check-in?o=4&c=654321' });
    expect(await screen.findByText('You’re checked in.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Service Hours' }).parentElement?.textContent).toBe(
      'Your hours for this event now appear as approved on Service Hours.',
    );
  });

  it('says what is wrong with a scanned code in Spanish, under the field', async () => {
    await changeLanguage('es');
    renderInArea(<CheckInPage />, { path: '/volunteer/check-in?o=4&c=12' });
    expect(screen.getByRole('heading', { name: 'Registrar asistencia' })).toBeTruthy();
    const field = screen.getByLabelText('Código de registro');
    const errorId = field
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error'));
    expect(document.getElementById(errorId ?? '')?.textContent).toBe(
      'El código de registro de asistencia tiene 6 dígitos',
    );
  });
});
