import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ServiceRecordView } from '@district/contracts';
import { queryClient } from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { inSpanish, loadHoursCatalogue, renderInLanguage } from '../../testing/i18n';
import { VerifyRecordPage } from './verify-record-page';

const record: ServiceRecordView = {
  code: 'K7Q2-94XD',
  district: 'Jefferson Parish Public School System',
  name: 'Maya Lee',
  school: 'Jesuit High School',
  grade: 10,
  totalHours: 1012.5,
  entries: [
    {
      date: '2026-03-14',
      hours: 2.5,
      activity: 'River Cleanup',
      approval: 'Approved by a supervisor',
    },
  ],
  issuedAt: '2026-03-20T15:00:00.000Z',
  valid: false,
  status: 'superseded',
};

let server: TestServer;
let restoreFetch: () => void;
let languages: Array<string | undefined> = [];

beforeAll(async () => {
  await loadHoursCatalogue();
  server = await startTestServer({
    [`GET /api/service-records/${record.code}`]: (req, res) => {
      languages.push(req.headers['accept-language']);
      json(res, 200, record);
    },
    'POST /api/service-records/verify': (req, res) => {
      languages.push(req.headers['accept-language']);
      json(res, 200, { matches: true, record });
    },
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

const renderPage = () =>
  renderInLanguage(
    <MemoryRouter initialEntries={[`/verify/${record.code}`]}>
      <Routes>
        <Route path="/verify/:code" element={<VerifyRecordPage />} />
      </Routes>
    </MemoryRouter>,
  );

const pdf = (bytes: number) =>
  new File([new Uint8Array(bytes)], 'record.pdf', { type: 'application/pdf' });

describe('VerifyRecordPage (issue 19) in both languages (issue 22)', () => {
  it('shows the record and checks a PDF in English', async () => {
    renderPage();
    expect(await screen.findByText('Issued Mar 20, 2026 · Code K7Q2-94XD')).toBeTruthy();
    expect(screen.getByText('Issued by Jefferson Parish Public School System')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'How it was verified' })).toBeTruthy();
    expect(screen.getByText('Superseded')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('PDF file'), { target: { files: [pdf(100)] } });
    expect(
      await screen.findByText(
        'This PDF is exactly as issued (record K7Q2-94XD). The record has since been superseded.',
      ),
    ).toBeTruthy();
  });

  it('follows a Spanish-speaking visitor: record, table, drop zone and its messages', async () => {
    await inSpanish(async () => {
      renderPage();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Registro oficial de servicio' }),
      ).toBeTruthy();
      expect(await screen.findByText('Jesuit High School · Grado 10')).toBeTruthy();
      expect(screen.getByText('Emitido el 20 mar 2026 · Código K7Q2-94XD')).toBeTruthy();
      expect(screen.getByText('Emitido por Jefferson Parish Public School System')).toBeTruthy();
      expect(screen.getByText('Reemplazado')).toBeTruthy();
      expect(screen.getByText('Total de horas aprobadas:').textContent).toContain('1012,5');
      const table = screen.getByRole('table', { name: 'Horas de servicio aprobadas' });
      expect(within(table).getByRole('columnheader', { name: 'Fecha' })).toBeTruthy();
      expect(within(table).getByRole('cell', { name: '14 mar 2026' })).toBeTruthy();

      expect(screen.getByRole('heading', { name: 'Verificar un PDF' })).toBeTruthy();
      const input = screen.getByLabelText('Archivo PDF');
      fireEvent.change(input, { target: { files: [pdf(5 * 1024 * 1024 + 1)] } });
      expect(screen.getByRole('alert').textContent).toBe('El archivo pesa más de 5 MB.');
      fireEvent.change(input, { target: { files: [pdf(100)] } });
      expect(
        await screen.findByText(
          'Este PDF está exactamente como se emitió (registro K7Q2-94XD). Desde entonces, el registro fue reemplazado.',
        ),
      ).toBeTruthy();
    });
    // The server answers its own texts in the visitor's language.
    expect(languages).toEqual(['es', 'es']);
  });
});
