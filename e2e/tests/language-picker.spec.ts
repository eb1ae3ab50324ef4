// Issue 22: the language picker in a real browser. Signed out, Spanish is fetched only when it is
// picked and the choice survives a reload; signed in on a 360 px phone, the Spanish header keeps
// its one row and nothing overflows (issue 33: with the full name, and My account in its menu).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerUser, useSavedLanguage } from '../support/index.ts';

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

// Issue 33: what a phone shows, in Spanish (its texts run longest): the header's one row with
// the person's whole name (no "Ma…"), Logout and My account in the menu the name opens, the
// account page and the Register form without sideways scrolling, tab bars on one row.
const PHONE = { width: 360, height: 740 };

const pageScrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

// The tabs of a bar share one row (the bar scrolls sideways when they do not fit).
async function expectOneRow(tabs: Locator) {
  const tops = await tabs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(2);
}

test('signed in at 360 px: the Spanish header is one row with the full name, and My account is one tap away', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  // A long name: the one the header used to cut to "Ma…".
  const user = await registerUser(page, { name: `Maria Guadalupe Lopez ${Date.now() % 1000}` });
  await page.goto('/');
  const header = page.locator('header.app-header');
  await header.getByRole('combobox', { name: 'Language' }).selectOption('es');
  const menu = header.getByRole('button', { name: `Hola, ${user.name}` });
  await expect(menu).toBeVisible();
  const layout = await header.evaluate((el) => {
    const middles = [
      '.brand',
      '.app-header__avatar',
      '.app-header__language',
      '.user-menu__trigger',
      '.app-header__menu-toggle',
    ].map((selector) => {
      const box = el.querySelector(selector)!.getBoundingClientRect();
      return box.top + box.height / 2;
    });
    const name = el.querySelector<HTMLElement>('.user-menu__name')!;
    const nameBox = name.getBoundingClientRect();
    return {
      height: el.getBoundingClientRect().height,
      spread: Math.max(...middles) - Math.min(...middles),
      scrollWidth: document.documentElement.scrollWidth,
      // Cut off: text wider than its box, or the box running out of the header.
      nameCut: name.scrollWidth > name.clientWidth + 1 || nameBox.right > el.clientWidth,
    };
  });
  // Still one row: a name this long takes a second line under "Hola," rather than being cut.
  expect(layout.height).toBeLessThanOrEqual(96);
  expect(layout.spread).toBeLessThan(4);
  expect(layout.scrollWidth).toBeLessThanOrEqual(360);
  expect(layout.nameCut, 'the name in the header is cut off').toBe(false);

  // The name opens the menu: the whole name, My account and Salir (Logout).
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(header.getByRole('button', { name: 'Salir' })).toBeVisible();
  await header.getByRole('link', { name: 'Mi cuenta' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(
    main.getByRole('switch', { name: 'Mostrarme a los demás estudiantes' }),
  ).toBeVisible();
  await expect(main.getByRole('link', { name: 'Descargar mis datos' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Eliminar mi cuenta', exact: true })).toBeVisible();
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360);
  await context.close();
});

test('signed out at 360 px in Spanish: the Register form and its school list fit the screen, the tabs one row', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE });
  await useSavedLanguage(context, 'es');
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Registrarse' }).click();
  await expectOneRow(page.getByRole('tab'));
  await page.getByRole('combobox', { name: 'Escuela' }).click();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  const box = (await list.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360);
  await page.keyboard.press('Escape');
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360);
  await context.close();
});
