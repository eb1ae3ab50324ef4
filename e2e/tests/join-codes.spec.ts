// Issue 31 "Who may join" in Chromium through the gateway: under the join-code policy an admin
// creates a code in the directory's District settings, a student registers with it on /auth (the
// Register tab asks for the Join Code and no school) and lands on home with the code's school;
// the code's list then shows the use. In English and in Spanish. The policy goes back to open at
// the end: this file runs after every other journey, alone (playwright.config.ts).
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { RegistrationPolicy } from '@district/contracts';
import { runEnv, useSavedLanguage, type Language } from '../support/index.ts';

const TEXTS = {
  en: {
    settingsTab: 'District settings',
    createForm: 'Create join code',
    school: 'School',
    uses: 'Uses',
    registerTab: 'Register',
    joinCode: 'Join Code',
    username: 'Username',
    password: 'Password',
    name: 'Full Name',
    email: 'Email',
    grade: 'Grade',
    register: 'Register',
    schoolGrade: (school: string, grade: number) => `${school}, grade ${grade}`,
    usedOf: '1 of 5',
    active: 'Active',
  },
  es: {
    settingsTab: 'Configuración del distrito',
    createForm: 'Crear código de acceso',
    school: 'Escuela',
    uses: 'Usos',
    registerTab: 'Registrarse',
    joinCode: 'Código de acceso',
    username: 'Nombre de usuario',
    password: 'Contraseña',
    name: 'Nombre completo',
    email: 'Correo electrónico',
    grade: 'Grado',
    register: 'Registrarse',
    schoolGrade: (school: string, grade: number) => `${school}, grado ${grade}`,
    usedOf: '1 de 5',
    active: 'Activo',
  },
} as const;

async function setPolicy(admin: APIRequestContext, registrationPolicy: RegistrationPolicy) {
  const res = await admin.patch('/api/privacy/settings', { data: { registrationPolicy } });
  expect(res.status(), await res.text()).toBe(200);
}

for (const [language, school] of [
  ['en', 'Grand Isle School'],
  ['es', 'Riverdale High School'],
] as const satisfies ReadonlyArray<readonly [Language, string]>) {
  test(`join code (${language}): an admin creates one, a student registers with it and gets its school`, async ({
    browser,
    playwright,
  }) => {
    const text = TEXTS[language];
    const baseURL = test.info().project.use.baseURL;
    const api = await playwright.request.newContext({ baseURL });
    expect((await api.post('/api/login', { data: runEnv.admin })).ok()).toBe(true);
    const adminContext = await browser.newContext();
    const studentContext = await browser.newContext();
    await useSavedLanguage(adminContext, language);
    await useSavedLanguage(studentContext, language);
    try {
      await setPolicy(api, 'joinCode');

      // The admin, signed in in the browser, creates a code for the school.
      const admin = await adminContext.newPage();
      expect((await admin.request.post('/api/login', { data: runEnv.admin })).ok()).toBe(true);
      await admin.goto('/directory');
      await admin.getByRole('tab', { name: text.settingsTab }).click();
      const form = admin.getByRole('form', { name: text.createForm });
      await form.getByRole('combobox', { name: text.school }).click();
      await admin.getByRole('option', { name: school, exact: true }).click();
      await form.getByLabel(text.uses).fill('5');
      await form.getByRole('button', { name: text.createForm }).click();
      const code = (await form.locator('.dir-join-form__created code').textContent())?.trim();
      expect(code).toMatch(/^[A-Z2-9]{8}$/);
      const row = admin.getByRole('row', { name: new RegExp(code!) });
      await expect(row).toContainText(school);
      await expect(row).toContainText(text.active);

      // A student registers with it: the form asks for the code and no school.
      const student = await studentContext.newPage();
      const tag = randomBytes(3).toString('hex');
      await student.goto('/auth');
      await student.getByRole('tab', { name: text.registerTab }).click();
      // Typed as a teacher might write it on the board: lower case, with a dash.
      await student
        .getByLabel(text.joinCode)
        .fill(`${code!.slice(0, 4).toLowerCase()}-${code!.slice(4)}`);
      await expect(student.getByRole('combobox', { name: text.school })).toHaveCount(0);
      await student.getByLabel(text.username).fill(`joiner_${tag}`);
      await student.getByLabel(text.password).fill(`pw-${randomBytes(6).toString('hex')}`);
      await student.getByLabel(text.name).fill(`Jo Joiner ${tag}`);
      await student.getByLabel(text.email, { exact: true }).fill(`joiner_${tag}@example.test`);
      await student.getByLabel(text.grade).fill('9');
      await student.getByRole('button', { name: text.register }).click();
      await expect(student).toHaveURL(/\/$/);
      await expect(student.getByText(text.schoolGrade(school, 9))).toBeVisible();

      // The admin's list counts the use.
      await admin.reload();
      await admin.getByRole('tab', { name: text.settingsTab }).click();
      await expect(admin.getByRole('row', { name: new RegExp(code!) })).toContainText(text.usedOf);
    } finally {
      // Every other journey registers students under the open policy.
      await setPolicy(api, 'open');
      await adminContext.close();
      await studentContext.close();
      await api.dispose();
    }
  });
}

// Issue 31 roster import: the admin picks a OneRoster export's two files, a bad line is listed
// with its file and line and nothing is applied; the fixed files preview, then apply. Runs with
// the journeys above, after every other one (an import deactivates roster people it lacks).
test('roster import: bad lines listed, then preview and apply the fixed files', async ({
  browser,
}) => {
  const tag = randomBytes(3).toString('hex');
  const orgs = [
    'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId',
    `d-${tag},active,2026-08-01,Jefferson Parish Schools,district,,`,
    `o-${tag},active,2026-08-01,Grand Isle School,school,GIS,d-${tag}`,
  ].join('\n');
  const header =
    'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password';
  const student = (id: string, org = `o-${tag}`) =>
    `${id}-${tag},active,2026-08-01,true,${org},student,${id},,Given,Family,,,${id}_${tag}@students.example.test,,,,10,`;
  const csv = (name: string, text: string) => ({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });

  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    expect((await page.request.post('/api/login', { data: runEnv.admin })).ok()).toBe(true);
    await page.goto('/directory');
    await page.getByRole('tab', { name: 'District settings' }).click();
    const region = page.getByRole('region', { name: 'Roster import' });

    // A student whose school is not in orgs.csv: line 3 of users.csv.
    await region.getByLabel('orgs.csv').setInputFiles(csv('orgs.csv', orgs));
    await region
      .getByLabel('users.csv')
      .setInputFiles(
        csv('users.csv', [header, student('ana'), student('ben', 'nowhere')].join('\n')),
      );
    await region.getByRole('button', { name: 'Preview' }).click();
    const refused = region.getByRole('alert');
    await expect(refused).toContainText('The roster has 1 bad line. Nothing was imported');
    const badRow = refused.getByRole('row').nth(1);
    await expect(badRow.getByRole('rowheader')).toHaveText('users.csv');
    await expect(badRow.getByRole('cell').first()).toHaveText('3');
    await expect(region.getByRole('button', { name: 'Apply' })).toHaveCount(0);

    await region
      .getByLabel('users.csv')
      .setInputFiles(csv('users.csv', [header, student('ana'), student('ben')].join('\n')));
    await region.getByRole('button', { name: 'Preview' }).click();
    const preview = region.getByRole('group', { name: 'Preview: what applying would do' });
    await expect(preview).toContainText('Nothing has changed yet.');
    await expect(preview.locator('div', { hasText: 'Accounts created' }).locator('dd')).toHaveText(
      '2',
    );

    await region.getByRole('button', { name: 'Apply' }).click();
    const applied = region.getByRole('group', { name: 'Roster applied' });
    await expect(applied.locator('div', { hasText: 'Accounts created' }).locator('dd')).toHaveText(
      '2',
    );
    // Applied for real: the same files again would create nobody.
    await region.getByLabel('orgs.csv').setInputFiles(csv('orgs.csv', orgs));
    await region
      .getByLabel('users.csv')
      .setInputFiles(csv('users.csv', [header, student('ana'), student('ben')].join('\n')));
    await region.getByRole('button', { name: 'Preview' }).click();
    await expect(
      region
        .getByRole('group', { name: 'Preview: what applying would do' })
        .locator('div', { hasText: 'Unchanged' })
        .locator('dd'),
    ).toHaveText('2');
  } finally {
    await context.close();
  }
});
