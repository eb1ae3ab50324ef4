// Issue 31: a student signs in with the district's account in Chromium, through the real local
// provider the platform runs (scripts/district-idp.ts): /auth's button, the provider's own login
// page, and back to home with the school and grade the platform has for them. In English and in
// Spanish; and a person outside the district's domains gets the page saying why.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { runEnv, signInAtDistrictProvider } from '../support/index.ts';

async function browserIn(browser: Browser, locale: 'en-US' | 'es-MX', width = 1280): Promise<Page> {
  const context = await browser.newContext({
    baseURL: runEnv.baseUrl,
    locale,
    viewport: { width, height: 800 },
  });
  return context.newPage();
}

test('a student signs in with the district account and lands on home with their school and grade (English)', async ({
  browser,
}, testInfo) => {
  const page = await browserIn(browser, 'en-US');
  await page.goto('/auth');
  const button = page.getByRole('link', { name: 'Sign in with your district account' });
  await expect(button).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('auth-1280.png'), fullPage: true });
  await button.click();
  await signInAtDistrictProvider(page, 'ada.student@students.district.test');
  await expect(page).toHaveURL(`${runEnv.baseUrl}/`);
  await expect(page.getByText('Kenner Discovery Health Sciences Academy, grade 7')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Ada Student');
});

test('una estudiante inicia sesión con la cuenta del distrito y llega al inicio con su escuela y grado (español)', async ({
  browser,
}, testInfo) => {
  const page = await browserIn(browser, 'es-MX', 360);
  await page.goto('/auth');
  const button = page.getByRole('link', { name: 'Iniciar sesión con tu cuenta del distrito' });
  await expect(button).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('auth-360-es.png'), fullPage: true });
  await button.click();
  await signInAtDistrictProvider(page, 'beatriz.estudiante@students.district.test');
  await expect(page).toHaveURL(`${runEnv.baseUrl}/`);
  await expect(page.getByText('Grand Isle School, grado 10')).toBeVisible();
});

test('an account outside the district’s domains gets the page saying why and whom to ask, in both languages', async ({
  browser,
}) => {
  for (const [locale, link, why] of [
    ['en-US', 'Sign in with your district account', "is not one of the district's"],
    ['es-MX', 'Iniciar sesión con tu cuenta del distrito', 'no es del distrito'],
  ] as const) {
    const page = await browserIn(browser, locale);
    await page.goto('/auth');
    await page.getByRole('link', { name: link }).click();
    await signInAtDistrictProvider(page, 'guest@elsewhere.test');
    await expect(page).toHaveURL(/\/auth\/district\?reason=domain-not-allowed$/);
    await expect(page.getByRole('alert')).toContainText(why);
    await expect(page.getByRole('alert')).toContainText('help@district.test');
    await page.context().close();
  }
});
