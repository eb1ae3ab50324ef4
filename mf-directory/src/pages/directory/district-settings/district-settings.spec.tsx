import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PendingConsent, PrivacySettings } from '@district/contracts';
import {
  changeLanguage,
  preloadAlertDialog,
  queryClient,
  registerCatalogue,
  usePlatformStore,
} from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  jest,
} from '@jest/globals';
import { loadCatalogue } from '../../../i18n';
import { adminUser, openTab, renderDirectoryPage } from '../directory-testing';

function pending(userId: number, overrides: Partial<PendingConsent> = {}): PendingConsent {
  return {
    userId,
    name: `Child ${userId}`,
    school: 'Jesuit High School',
    grade: 6,
    guardianEmail: `guardian${userId}@example.org`,
    requestedAt: '2026-11-20T15:00:00.000Z',
    mailsSent: 1,
    deadline: '2026-12-20T15:00:00.000Z',
    ...overrides,
  };
}

let server: TestServer;
let restoreFetch: () => void;
let settings: PrivacySettings;
let consents: PendingConsent[];

beforeAll(async () => {
  await registerCatalogue(loadCatalogue);
  preloadAlertDialog();
  server = await startTestServer({
    'GET /api/user': (_req, res) => json(res, 200, adminUser),
    'GET /api/directory': (_req, res) => json(res, 200, []),
    'GET /api/privacy/settings': (_req, res) => json(res, 200, settings),
    'PATCH /api/privacy/settings': (_req, res, body) => {
      settings = { ...settings, ...(JSON.parse(body) as Partial<PrivacySettings>) };
      json(res, 200, settings);
    },
    'GET /api/admin/consents': (_req, res) => json(res, 200, consents),
    'POST /api/admin/consents/5/resend': (_req, res) => {
      consents = consents.map((c) => (c.userId === 5 ? { ...c, mailsSent: c.mailsSent + 1 } : c));
      res.writeHead(204).end();
    },
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(() => {
  settings = { directoryVisibleByDefault: true, consentMode: 'school', registrationPolicy: 'open' };
  consents = [pending(5, { mailsSent: 2 }), pending(6, { mailsSent: 3 })];
  server.requests.length = 0;
  queryClient.clear();
  usePlatformStore.setState({ user: undefined, toasts: [] });
});

afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

jest.setTimeout(20_000);

const patches = () =>
  server.requests
    .filter((r) => r.method === 'PATCH' && r.url === '/api/privacy/settings')
    .map((r) => JSON.parse(r.body) as unknown);

describe('District settings tab (issue 20)', () => {
  it('changes who may join at once (issue 31), in Spanish too', async () => {
    renderDirectoryPage();
    await openTab('District settings');
    const open = await screen.findByRole('radio', { name: 'Anyone who registers' });
    expect((open as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Students with a join code' }));
    await waitFor(() => expect(patches()).toEqual([{ registrationPolicy: 'joinCode' }]));
    // The server's answer sets the choice (the request is seen before its answer arrives).
    await waitFor(() =>
      expect(
        (screen.getByRole('radio', { name: 'Students with a join code' }) as HTMLInputElement)
          .checked,
      ).toBe(true),
    );
    await changeLanguage('es');
    expect(await screen.findByText('Quién puede unirse')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Solo con la cuenta del distrito' })).toBeTruthy();
  });

  it('changes the directory default at once, and the consent mode only after confirming', async () => {
    renderDirectoryPage();
    await openTab('District settings');
    const visible = await screen.findByRole('radio', { name: 'Visible to other students' });
    expect((visible as HTMLInputElement).checked).toBe(true);
    // Each choice carries its line of explanation.
    expect(visible.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(visible.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /each of them can hide their profile later/,
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Hidden from other students' }));
    await waitFor(() => expect(patches()).toEqual([{ directoryVisibleByDefault: false }]));
    await waitFor(() =>
      expect(
        (screen.getByRole('radio', { name: 'Hidden from other students' }) as HTMLInputElement)
          .checked,
      ).toBe(true),
    );
    expect(usePlatformStore.getState().toasts[0]).toMatchObject({
      title: 'District settings saved',
    });

    const guardian = screen.getByRole('radio', { name: 'A parent or guardian, under 13' });
    fireEvent.click(guardian);
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Ask guardians to consent?');
    // Nothing changed yet; cancelling leaves the district mode.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(patches()).toHaveLength(1);
    expect(
      (screen.getByRole('radio', { name: 'The school district' }) as HTMLInputElement).checked,
    ).toBe(true);

    fireEvent.click(guardian);
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(patches()[1]).toEqual({ consentMode: 'guardian' }));
    await waitFor(() => expect((guardian as HTMLInputElement).checked).toBe(true));
  });

  it('lists pending consents with the guardian, the mails sent, and Resend up to the limit', async () => {
    renderDirectoryPage();
    await openTab('Pending consents');
    const table = await screen.findByRole('table');
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(row('Child 5').textContent).toContain('guardian5@example.org');
    expect(row('Child 5').textContent).toContain('Nov 20, 2026');
    expect(row('Child 5').textContent).toContain('2 of 3');

    const limited = within(row('Child 6')).getByRole('button', {
      name: 'Resend the consent e-mail for Child 6',
    }) as HTMLButtonElement;
    expect(limited.disabled).toBe(true);
    expect(document.getElementById(limited.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Sent 3 times, the most allowed',
    );

    fireEvent.click(
      within(row('Child 5')).getByRole('button', { name: 'Resend the consent e-mail for Child 5' }),
    );
    await waitFor(() => expect(row('Child 5').textContent).toContain('3 of 3'));
    expect(usePlatformStore.getState().toasts[0]).toMatchObject({
      title: 'Consent e-mail sent again to guardian5@example.org',
    });
    expect(
      (
        within(row('Child 5')).getByRole('button', {
          name: /Resend/,
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });

  it('speaks Spanish: the settings, the confirmation and the pending list', async () => {
    await changeLanguage('es');
    renderDirectoryPage();
    await openTab('Configuración del distrito');
    fireEvent.click(
      await screen.findByRole('radio', { name: 'Madre, padre o tutor, para menores de 13' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('¿Pedir el consentimiento de los tutores?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await openTab('Consentimientos pendientes');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Correo del tutor' })).toBeTruthy();
    expect(within(table).getByText('Enviado 3 veces, el máximo permitido')).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Child 5/ }).textContent).toContain(
      '20 nov 2026',
    );
  });

  it('says so when nobody waits', async () => {
    consents = [];
    renderDirectoryPage();
    await openTab('Pending consents');
    expect(await screen.findByText("No student is waiting for a guardian's consent.")).toBeTruthy();
  });
});
