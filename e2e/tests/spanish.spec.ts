// The Spanish journey (issue 22): a student whose browser prefers Spanish (navigator.languages
// and Accept-Language from the context's es-MX locale; visual.spec.ts covers the other way in,
// the saved choice) sees every screen in Spanish, a server's refusal included; picks English in
// the header and back; and the choice survives a reload and signing out and in again, although
// the browser still prefers Spanish. Texts come from the one table in support/language.ts.
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  expectScreenIn,
  LANGUAGE_STORAGE_KEY,
  registerUser,
  runEnv,
  TEXTS,
  textIn,
  type Language,
  type TextName,
} from '../support/index.ts';

async function spanishBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: runEnv.baseUrl,
    locale: 'es-MX',
    viewport: { width: 1280, height: 800 },
  });
  return context.newPage();
}

// The sign-in form by what it is, not by its words: its labels are the area's texts.
async function signIn(page: Page, account: { username: string; password: string }) {
  await page.goto('/auth');
  const form = page.locator('form').filter({ has: page.locator('input[type="password"]') });
  await form.locator('input[name="username"]').fill(account.username);
  await form.locator('input[type="password"]').fill(account.password);
  await form.locator('button[type="submit"]').click();
}

// The header's language picker (shell), "Language" in English, "Idioma" in Spanish: a select, a
// menu button or a group of radios; the names of the languages are their own ("Español").
async function pickLanguage(page: Page, language: Language): Promise<void> {
  const name = /^(Language|Idioma)$/i;
  const option = language === 'es' ? /Español/i : /English/i;
  const banner = page.getByRole('banner');
  const combobox = banner.getByRole('combobox', { name });
  if ((await combobox.count()) > 0) {
    if (await combobox.evaluate((el) => el.tagName === 'SELECT')) {
      await combobox.selectOption({ label: language === 'es' ? 'Español' : 'English' });
    } else {
      await combobox.click();
      await page.getByRole('option', { name: option }).click();
    }
  } else if ((await banner.getByRole('radiogroup', { name }).count()) > 0) {
    await banner.getByRole('radiogroup', { name }).getByRole('radio', { name: option }).check();
  } else {
    await banner.getByRole('button', { name }).click();
    await page
      .getByRole('menuitemradio', { name: option })
      .or(page.getByRole('menuitem', { name: option }))
      .click();
  }
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

// Every signed-in screen of SPEC §2 a student reaches, with the h1 it shows.
const STUDENT_SCREENS: [string, TextName][] = [
  ['/', 'landing'],
  ['/volunteer', 'volunteerTitle'],
  ['/directory', 'directoryTitle'],
  ['/blog', 'blogTitle'],
  ['/service-hours', 'serviceHoursTitle'],
  ['/supervisor', 'accessDenied'],
  ['/no-such-page', 'notFound'],
];

test('signed out, a Spanish browser gets every screen in Spanish and a wrong password refused in Spanish', async ({
  browser,
}) => {
  const page = await spanishBrowser(browser);
  for (const [path, heading] of [
    ['/auth', 'welcome'],
    ['/forgot-password', 'forgotPasswordTitle'],
    ['/reset-password', 'invalidResetLink'],
    ['/reset-password?token=spanish-journey', 'setNewPassword'],
    ['/no-such-page', 'notFound'],
  ] as [string, TextName][]) {
    await test.step(path, async () => {
      await page.goto(path);
      await expectScreenIn(page, 'es', heading);
    });
  }
  // The server answers in the browser's language (Accept-Language): its message, in Spanish.
  await signIn(page, { username: 'nobody_speaks_here', password: 'no-es-la-clave' });
  await expect(page.getByText(TEXTS.invalidCredentials.es as string).first()).toBeVisible();
  await expect(page.getByText(TEXTS.invalidCredentials.en)).toHaveCount(0);
  await page.context().close();
});

test('a Spanish student sees every screen in Spanish, switches to English and back, and the choice survives a reload and a new sign-in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await spanishBrowser(browser);
  // Registered from a Spanish browser: the account's language starts as Spanish (issue 22).
  const api = await browser.newContext({
    baseURL: runEnv.baseUrl,
    extraHTTPHeaders: { 'Accept-Language': 'es-MX,es;q=0.9' },
  });
  const student = await registerUser(api.request, {
    name: `Sofía Journey ${Date.now().toString(36)}`,
  });
  await api.close();

  await signIn(page, student);
  await expect(page).toHaveURL(/\/$/);
  for (const [path, heading] of STUDENT_SCREENS) {
    await test.step(`${path} in Spanish`, async () => {
      await page.goto(path);
      await expectScreenIn(page, 'es', heading);
    });
  }

  // English from the header, at once and without a reload.
  await page.goto('/volunteer');
  await expectScreenIn(page, 'es', 'volunteerTitle');
  await pickLanguage(page, 'en');
  await expectScreenIn(page, 'en', 'volunteerTitle');
  expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_STORAGE_KEY)).toBe('en');

  // The choice outlives a reload although the browser still prefers Spanish.
  await page.reload();
  await expectScreenIn(page, 'en', 'volunteerTitle');
  for (const [path, heading] of STUDENT_SCREENS) {
    await test.step(`${path} in English`, async () => {
      await page.goto(path);
      await expectScreenIn(page, 'en', heading);
    });
  }

  // And signing out and in again (from the home page: the last screen above is the 404 page).
  await page.goto('/');
  await page.getByRole('button', { name: textIn('logoutButton', 'en') }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expectScreenIn(page, 'en', 'welcome');
  await signIn(page, student);
  await expect(page).toHaveURL(/\/$/);
  await expectScreenIn(page, 'en', 'landing');

  // Back to Spanish, which sticks in the same way.
  await pickLanguage(page, 'es');
  await expectScreenIn(page, 'es', 'landing');
  await page.reload();
  await expectScreenIn(page, 'es', 'landing');
  await page.goto('/service-hours');
  await expectScreenIn(page, 'es', 'serviceHoursTitle');
  await page.context().close();
});

// "Remotes load only their own catalogue, lazily, and only for the language in use."
test('an area fetches its own catalogue only, in the language in use, when it is opened', async ({
  browser,
}) => {
  for (const language of ['en', 'es'] as const) {
    const context = await browser.newContext({
      baseURL: runEnv.baseUrl,
      locale: language === 'es' ? 'es-MX' : 'en-US',
      extraHTTPHeaders: { 'Accept-Language': language },
    });
    const page = await context.newPage();
    await registerUser(context.request);
    const catalogues: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/locale-|messages-es/.test(url.pathname)) catalogues.push(url.pathname);
    });
    // Registering through the context's request signed the page in too.
    await page.goto('/');
    await expectScreenIn(page, language, 'landing');
    expect(
      catalogues.filter((path) => path.startsWith('/mf/')),
      `before any area, ${language}`,
    ).toEqual([]);
    await page.goto('/volunteer');
    await expectScreenIn(page, language, 'volunteerTitle');
    const areas = catalogues.filter((path) => path.startsWith('/mf/'));
    // The volunteer area's catalogue in this language, and no other area's, no other language's.
    expect(areas.some((path) => path.startsWith(`/mf/volunteer/locale-${language}-json`))).toBe(
      true,
    );
    const other = language === 'es' ? 'en' : 'es';
    expect(areas.filter((path) => path.includes(`locale-${other}-`))).toEqual([]);
    expect(areas.filter((path) => !path.startsWith('/mf/volunteer/'))).toEqual([]);
    // The shared Spanish catalogue only ever with Spanish.
    expect(catalogues.some((path) => path.includes('messages-es'))).toBe(language === 'es');
    await context.close();
  }
});
