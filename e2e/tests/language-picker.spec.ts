// Issue 22: the language picker in a real browser. Signed out, Spanish is fetched only when it is
// picked and the choice survives a reload; signed in on a 360 px phone, the Spanish header keeps
// its one row and nothing overflows.
import { expect, test } from '@playwright/test';
import { registerUser } from '../support/index.ts';

test('signed out: Spanish loads when picked, then opens first on the next visit', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const spanishChunks: string[] = [];
  page.on('request', (request) => {
    if (/locale-shell-es|messages-es/.test(request.url())) spanishChunks.push(request.url());
  });
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  expect(spanishChunks, 'no Spanish catalogue in an English first load').toEqual([]);

  const picker = page.getByRole('banner').getByRole('combobox', { name: 'Language' });
  await expect(picker.locator('option[lang="es"]')).toHaveText('Español');
  await picker.selectOption('es');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Te damos la bienvenida' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(spanishChunks.length).toBeGreaterThan(0);

  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Te damos la bienvenida' }),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Idioma' })).toHaveValue(
    'es',
  );
  await context.close();
});

test('signed in at 360 px: the Spanish header is one row and nothing overflows', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const user = await registerUser(page, {});
  await page.goto('/');
  const header = page.locator('header.app-header');
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
  await header.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(header.getByRole('button', { name: 'Salir' })).toBeVisible();
  await expect(header.getByText(`Hola, ${user.name}`)).toBeAttached();
  const layout = await header.evaluate((el) => {
    const middles = [
      '.brand',
      '.app-header__avatar',
      '.app-header__language',
      '.app-header__logout',
      '.app-header__menu-toggle',
    ].map((selector) => {
      const box = el.querySelector(selector)!.getBoundingClientRect();
      return box.top + box.height / 2;
    });
    return {
      height: el.getBoundingClientRect().height,
      spread: Math.max(...middles) - Math.min(...middles),
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
  expect(layout.height).toBeLessThanOrEqual(64);
  expect(layout.spread).toBeLessThan(4);
  expect(layout.scrollWidth).toBeLessThanOrEqual(360);
  await context.close();
});
