import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { PrivacySettings, RosterImportResult, RosterLineError } from '@district/contracts';
import {
  changeLanguage,
  preloadSelect,
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
import { File as NodeFile } from 'node:buffer';
import { loadCatalogue } from '../../../i18n';
import { adminUser, openTab, renderDirectoryPage } from '../directory-testing';

const ORGS = 'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\n';
const USERS = 'sourcedId,status,enabledUser,orgSourcedIds,role,username,givenName\n';
const counts = { created: 12, updated: 3, reactivated: 1, deactivated: 2, unchanged: 40 };

// What the fake service answers: counts, or the bad lines of a refused roster.
let refusal: Array<{ path: string; message: string } & Partial<RosterLineError>> | null;
let server: TestServer;
let restoreFetch: () => void;

beforeAll(async () => {
  await registerCatalogue(loadCatalogue);
  preloadSelect();
  Element.prototype.scrollIntoView ??= () => undefined;
  server = await startTestServer({
    'GET /api/user': (_req, res) => json(res, 200, adminUser),
    'GET /api/directory': (_req, res) => json(res, 200, []),
    'GET /api/privacy/settings': (_req, res) =>
      json(res, 200, {
        directoryVisibleByDefault: true,
        consentMode: 'school',
        registrationPolicy: 'roster',
      } satisfies PrivacySettings),
    'GET /api/admin/join-codes': (_req, res) => json(res, 200, []),
    'POST /api/admin/rosters': (req, res) => {
      if (refusal) {
        json(res, 400, {
          statusCode: 400,
          message: 'The roster was not imported: fix the lines listed and upload it again',
          errors: refusal,
        });
        return;
      }
      const dryRun = new URL(req.url ?? '/', 'http://x').searchParams.get('dryRun') === 'true';
      json(res, 200, { applied: !dryRun, ...counts } satisfies RosterImportResult);
    },
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(() => {
  refusal = null;
  server.requests.length = 0;
  queryClient.clear();
  usePlatformStore.setState({ user: undefined, toasts: [] });
});

afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

jest.setTimeout(20_000);

async function openRoster(tabName: string, regionName: string) {
  await openTab(tabName);
  return screen.findByRole('region', { name: regionName });
}

// Node's File: the test's fetch (Node's) sends its bytes in the multipart body, as a browser does.
const csv = (text: string, name: string) =>
  new NodeFile([text], name, { type: 'text/csv' }) as unknown as File;

function pickFiles(region: HTMLElement) {
  fireEvent.change(within(region).getByLabelText('orgs.csv'), {
    target: { files: [csv(ORGS, 'orgs.csv')] },
  });
  fireEvent.change(within(region).getByLabelText('users.csv'), {
    target: { files: [csv(USERS, 'users.csv')] },
  });
}

const uploads = () =>
  server.requests
    .filter((r) => r.method === 'POST' && r.url.startsWith('/api/admin/rosters'))
    .map((r) => ({ query: new URL(r.url, 'http://x').searchParams, body: r.body }));

describe('Roster import in District settings (issue 31)', () => {
  it('asks for both files before sending anything', async () => {
    renderDirectoryPage();
    const region = await openRoster('District settings', 'Roster import');
    fireEvent.click(within(region).getByRole('button', { name: 'Preview' }));
    expect(
      await within(region).findAllByText(
        'Upload the orgs.csv and users.csv files of a OneRoster 1.1 export',
      ),
    ).toHaveLength(2);
    expect(uploads()).toEqual([]);
  });

  it('previews (dry run, nothing applied), then applies the same files and shows the result', async () => {
    renderDirectoryPage();
    const region = await openRoster('District settings', 'Roster import');
    pickFiles(region);
    fireEvent.keyDown(within(region).getByRole('combobox', { name: 'Teachers get' }), {
      key: 'Enter',
    });
    fireEvent.click(
      within(await screen.findByRole('listbox', { hidden: true })).getByText('Supervisor rights'),
    );
    // Only after a preview can the roster be applied.
    expect(within(region).queryByRole('button', { name: 'Apply' })).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: 'Preview' }));

    const preview = await within(region).findByRole('group', {
      name: 'Preview: what applying would do',
    });
    expect(preview.textContent).toContain('Nothing has changed yet.');
    expect(within(preview).getByText('Accounts created').nextElementSibling!.textContent).toBe(
      '12',
    );
    expect(within(preview).getByText('Accounts deactivated').nextElementSibling!.textContent).toBe(
      '2',
    );
    expect(uploads()).toHaveLength(1);
    const [first] = uploads();
    expect(first!.query.get('dryRun')).toBe('true');
    expect(first!.query.get('teachers')).toBe('supervisor');
    expect(first!.query.get('administrators')).toBe('none');
    expect(first!.body).toContain('name="orgs"; filename="orgs.csv"');
    expect(first!.body).toContain(ORGS.trim());
    expect(first!.body).toContain(USERS.trim());

    fireEvent.click(within(region).getByRole('button', { name: 'Apply' }));
    const applied = await within(region).findByRole('group', { name: 'Roster applied' });
    expect(within(applied).getByText('Unchanged').nextElementSibling!.textContent).toBe('40');
    const second = uploads()[1]!;
    expect(second.query.get('dryRun')).toBe('false');
    expect(second.query.get('teachers')).toBe('supervisor');
    expect(second.body).toContain(USERS.trim());
    // Applied: the form starts over, so the same files are not sent twice by mistake.
    expect(within(region).queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('lists each bad line with its file, line and reason, and offers no Apply', async () => {
    refusal = [
      // An older service: the English text alone.
      { path: 'orgs', message: 'line 3: type must be school or district' },
      {
        path: 'users',
        message: 'line 7: the e-mail a@b.org is already on line 2',
        line: 7,
        code: 'duplicateEmail',
        params: { email: 'a@b.org', firstLine: 2 },
      },
    ];
    renderDirectoryPage();
    const region = await openRoster('District settings', 'Roster import');
    pickFiles(region);
    fireEvent.click(within(region).getByRole('button', { name: 'Preview' }));
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).toContain('The roster has 2 bad lines. Nothing was imported');
    const rows = within(alert).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['orgs.csv', '3', 'type must be school or district'],
      ['users.csv', '7', 'the e-mail a@b.org is already on line 2'],
    ]);
    expect(within(region).queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(uploads().map((u) => u.query.get('dryRun'))).toEqual(['true']);
  });

  it('speaks Spanish: preview, counts and bad lines', async () => {
    await changeLanguage('es');
    renderDirectoryPage();
    const region = await openRoster('Configuración del distrito', 'Importar la lista del distrito');
    pickFiles(region);
    fireEvent.click(within(region).getByRole('button', { name: 'Vista previa' }));
    const preview = await within(region).findByRole('group', {
      name: 'Vista previa: lo que haría aplicarla',
    });
    expect(within(preview).getByText('Cuentas creadas').nextElementSibling!.textContent).toBe('12');
    expect(preview.textContent).toContain('Todavía no ha cambiado nada.');
    expect(within(region).getByRole('button', { name: 'Aplicar' })).toBeTruthy();

    // Issue 31: each reason in the reader's language, from its code and parameters.
    refusal = [
      {
        path: 'orgs',
        message: `line 5: "Hogwarts School" is not one of the district's schools`,
        line: 5,
        code: 'unknownSchool',
        params: { name: 'Hogwarts School' },
      },
      {
        path: 'users',
        message: 'line 12: grade "KG" is not one of 6 to 12',
        line: 12,
        code: 'invalidGrade',
        params: { grade: 'KG', min: 6, max: 12 },
      },
      {
        path: 'users',
        message: 'line 1: not a OneRoster users.csv: missing the columns role, email',
        line: 1,
        code: 'missingColumns',
        params: { file: 'users', columns: 'role, email', count: 2 },
      },
    ];
    fireEvent.click(within(region).getByRole('button', { name: 'Vista previa' }));
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).toContain('La lista tiene 3 líneas con errores');
    expect(within(alert).getByRole('columnheader', { name: 'Motivo' })).toBeTruthy();
    const rows = within(alert).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['orgs.csv', '5', '«Hogwarts School» no es una de las escuelas del distrito'],
      ['users.csv', '12', 'el grado «KG» no está entre 6 y 12'],
      ['users.csv', '1', 'no es un users.csv de OneRoster: faltan las columnas role, email'],
    ]);
    expect(alert.textContent).not.toContain('is not one of');
    expect(within(region).queryByRole('button', { name: 'Aplicar' })).toBeNull();
  });
});
