// Issue 31, "Done when": a rostered student signs in with the district account and lands on home
// with the ROSTER's school and grade (not what the provider's claims say), under the district's
// roster policy; a district account the roster does not have is refused and gets no account. The
// policy applies to every registration, so this file runs in its own project, after all others
// (playwright.config.ts, REGISTRATION_POLICY).
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { runEnv, signInAtDistrictProvider } from '../support/index.ts';

const ORGS = [
  'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId',
  'd1,active,2026-08-01,Jefferson Parish Schools,district,,',
  'o-gi,active,2026-08-01,Grand Isle School,school,GIS,d1',
].join('\r\n');
// The district accounts say John Ehret High School, grade 11 (Carlos) and Chalmette High School,
// grade 12 (Diego); the roster says Grand Isle School, grades 9 and 8.
const USERS = [
  'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
  's-carlos,active,2026-08-01,true,o-gi,student,carlos,,Carlos,Student,,,carlos.student@students.district.test,,,,09,',
  's-diego,active,2026-08-01,true,o-gi,student,diego,,Diego,Estudiante,,,diego.estudiante@students.district.test,,,,08,',
].join('\r\n');

async function setPolicy(admin: APIRequestContext, registrationPolicy: 'open' | 'roster') {
  const res = await admin.patch('/api/privacy/settings', { data: { registrationPolicy } });
  expect(res.status(), await res.text()).toBe(200);
}

async function signInWithDistrict(browser: Browser, email: string, locale: 'en-US' | 'es-MX') {
  const context = await browser.newContext({ baseURL: runEnv.baseUrl, locale });
  const page = await context.newPage();
  await page.goto('/auth');
  await page
    .getByRole('link', {
      name:
        locale === 'en-US'
          ? 'Sign in with your district account'
          : 'Iniciar sesión con tu cuenta del distrito',
    })
    .click();
  await signInAtDistrictProvider(page, email);
  return page;
}

test('under the roster policy rostered students sign in with the district account and land on home with the roster’s school and grade (English, Spanish); someone the roster lacks is refused', async ({
  browser,
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  expect((await admin.post('/api/login', { data: runEnv.admin })).ok()).toBe(true);
  const imported = await admin.post('/api/admin/rosters', {
    multipart: {
      orgs: { name: 'orgs.csv', mimeType: 'text/csv', buffer: Buffer.from(ORGS) },
      users: { name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(USERS) },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  expect(await imported.json()).toMatchObject({ applied: true, created: 2 });
  await setPolicy(admin, 'roster');
  try {
    const carlos = await signInWithDistrict(
      browser,
      'carlos.student@students.district.test',
      'en-US',
    );
    await expect(carlos).toHaveURL(`${runEnv.baseUrl}/`);
    await expect(carlos.getByText('Grand Isle School, grade 9')).toBeVisible();
    await expect(carlos.getByRole('banner')).toContainText('Carlos Student');

    // The same in Spanish.
    const diego = await signInWithDistrict(
      browser,
      'diego.estudiante@students.district.test',
      'es-MX',
    );
    await expect(diego).toHaveURL(`${runEnv.baseUrl}/`);
    await expect(diego.getByText('Grand Isle School, grado 8')).toBeVisible();

    // Grace's account is the district's (a teacher's), but the roster above does not have her.
    const grace = await signInWithDistrict(browser, 'grace.teacher@district.test', 'es-MX');
    await expect(grace).toHaveURL(/\/auth\/district\?reason=not-rostered$/);
    await expect(grace.getByRole('alert')).toBeVisible();
    expect((await grace.request.get('/api/user')).status()).toBe(401);
  } finally {
    await setPolicy(admin, 'open');
    await admin.dispose();
  }
});
