import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { HourConfirmationView } from '@district/contracts';
import { queryClient } from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { inSpanish, loadHoursCatalogue, renderInLanguage } from '../../testing/i18n';
import { ConfirmHoursPage } from './confirm-hours-page';

const TOKEN = 'open-link';
const entry: HourConfirmationView = {
  firstName: 'Maya',
  school: 'Jesuit High School',
  hours: 1,
  date: '2026-03-14',
  description: 'Sorted donations at the food bank',
  organisation: 'Second Harvest',
};

let server: TestServer;
let restoreFetch: () => void;
let languages: Array<string | undefined> = [];

beforeAll(async () => {
  await loadHoursCatalogue();
  server = await startTestServer({
    [`GET /api/hour-confirmations/${TOKEN}`]: (req, res) => {
      languages.push(req.headers['accept-language']);
      json(res, 200, entry);
    },
    [`POST /api/hour-confirmations/${TOKEN}`]: (req, res, body) => {
      languages.push(req.headers['accept-language']);
      json(res, 200, { decision: (JSON.parse(body) as { decision: string }).decision });
    },
    // An expired link: the server words it in the language asked for.
    'GET /api/hour-confirmations/used-link': (req, res) =>
      json(res, 410, {
        statusCode: 410,
        message:
          req.headers['accept-language'] === 'es'
            ? 'Este enlace ya se usó'
            : 'This link has already been used',
      }),
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(() => {
  languages = [];
  queryClient.clear();
});

afterEach(cleanup);

const renderPage = (token: string) =>
  renderInLanguage(
    <MemoryRouter initialEntries={[`/confirm-hours/${token}`]}>
      <Routes>
        <Route path="/confirm-hours/:token" element={<ConfirmHoursPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('ConfirmHoursPage (issue 19), signed out, in the visitor’s language (issue 22)', () => {
  it('lets the contact confirm in English', async () => {
    renderPage(TOKEN);
    expect(await screen.findByText('1 hour')).toBeTruthy();
    expect(screen.getByText(/from Jesuit High School says they volunteered with/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Thank you. You confirmed these hours.')).toBeTruthy();
  });

  it('speaks Spanish to a Spanish-speaking contact, and asks the server in Spanish', async () => {
    await inSpanish(async () => {
      renderPage(TOKEN);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Confirmar horas de voluntariado' }),
      ).toBeTruthy();
      expect(await screen.findByText('1 hora')).toBeTruthy();
      expect(screen.getByText('14 mar 2026')).toBeTruthy();
      expect(
        screen.getByText(/, de Jesuit High School, dice que hizo voluntariado con/),
      ).toBeTruthy();
      expect(screen.getByLabelText(/Comentario/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
      expect(await screen.findByText('Gracias. Rechazaste estas horas.')).toBeTruthy();
    });
    expect(languages).toEqual(['es', 'es']);
  });

  it('states a used link in the visitor’s language', async () => {
    await inSpanish(async () => {
      renderPage('used-link');
      expect(await screen.findByText('Este enlace ya se usó.')).toBeTruthy();
    });
  });
});
