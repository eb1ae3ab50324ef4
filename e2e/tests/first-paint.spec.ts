// Issue 14 points 1 and 8: every screen is styled on first paint (the kit's stylesheet is part of
// the shell's first-load CSS, never a lazy chunk's), the phone header is one row, an avatar
// without a picture shows initials, and a photo whose URL fails shows a placeholder with its
// caption. Assertions read what a person sees: computed fonts and colours, widths, overflow.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { registerUser, runEnv } from '../support/index.ts';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
// The kit's --ui-font (packages/ui/src/styles.css); the browser default is a serif font.
const KIT_FONT = /^system-ui, -apple-system/;
// The kit's --ui-primary (#1d4ed8).
const KIT_PRIMARY = 'rgb(29, 78, 216)';
// The kit's --ui-control-height (2.75rem): an unstyled button is about 21 px tall.
const KIT_CONTROL_HEIGHT = 44;

const PUBLIC_PAGES = [
  { path: '/auth', heading: 'Welcome', primary: true },
  { path: '/login', heading: 'Welcome', primary: true },
  { path: '/forgot-password', heading: /forgot/i, primary: true },
  { path: '/reset-password?token=first-paint-check', heading: /password/i, primary: true },
  { path: '/reset-password', heading: /link/i, primary: true },
  { path: '/no-such-page', heading: /not found|404/i, primary: false },
];

interface Look {
  h1Font: string;
  buttons: Array<{
    text: string;
    font: string;
    height: number;
    background: string;
    primary: boolean;
  }>;
  fields: Array<{ name: string; width: number; formWidth: number }>;
  scrollWidth: number;
  viewport: number;
  overflowing: string[];
}

// What the page looks like now, read from computed styles and boxes.
function look(page: Page): Promise<Look> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    };
    const h1 = document.querySelector('h1');
    const buttons = Array.from(document.querySelectorAll('.ui-button, button')).filter(visible);
    const fields = Array.from(
      document.querySelectorAll(
        'input:not([type=checkbox]):not([type=radio]), textarea, select, .ui-select__trigger',
      ),
    ).filter(visible);
    const overflowing = Array.from(document.querySelectorAll('body *'))
      .filter(
        (el) => visible(el) && !el.closest('.ui-sr-only, [data-radix-popper-content-wrapper]'),
      )
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      // Inside a box that scrolls or clips sideways within the screen (a tab bar, issue 33) is
      // not sticking out of the page.
      .filter((el) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
          if (
            getComputedStyle(a).overflowX !== 'visible' &&
            a.getBoundingClientRect().right <= window.innerWidth + 0.5
          )
            return false;
        return true;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`);
    return {
      h1Font: h1 ? getComputedStyle(h1).fontFamily : '(no h1)',
      buttons: buttons.map((el) => ({
        text: (el.textContent ?? '').trim(),
        font: getComputedStyle(el).fontFamily,
        height: el.getBoundingClientRect().height,
        background: getComputedStyle(el).backgroundColor,
        primary: el.classList.contains('ui-button--default'),
      })),
      fields: fields.map((el) => ({
        name: el.getAttribute('name') ?? el.id,
        width: el.getBoundingClientRect().width,
        formWidth: el.closest('form')?.getBoundingClientRect().width ?? 0,
      })),
      scrollWidth: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      overflowing,
    };
  });
}

function expectKitLook(seen: Look, options: { phone: boolean; primary: boolean }): void {
  expect(seen.h1Font, 'the heading uses the kit font').toMatch(KIT_FONT);
  expect(seen.buttons.length, 'the page shows at least one button').toBeGreaterThan(0);
  for (const button of seen.buttons) {
    expect(button.font, `button "${button.text}" uses the kit font`).toMatch(KIT_FONT);
    expect(button.height, `button "${button.text}" is a kit control`).toBeGreaterThanOrEqual(
      KIT_CONTROL_HEIGHT - 0.5,
    );
  }
  const primaries = seen.buttons.filter((b) => b.primary);
  if (options.primary) expect(primaries.length, 'a primary button is shown').toBeGreaterThan(0);
  for (const button of primaries)
    expect(button.background, `primary button "${button.text}"`).toBe(KIT_PRIMARY);
  if (options.phone) {
    for (const field of seen.fields)
      expect(field.width, `field ${field.name} is full width on a phone`).toBeGreaterThanOrEqual(
        field.formWidth - 1,
      );
  }
  expect(seen.scrollWidth, 'no horizontal scroll').toBeLessThanOrEqual(seen.viewport);
  expect(seen.overflowing, 'no element overflows the viewport').toEqual([]);
}

// The stylesheets in the document that carry the kit's rules (a `.ui-button` selector).
function kitSheets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.styleSheets)
      .filter((sheet) => {
        try {
          return Array.from(sheet.cssRules).some(
            (rule) => rule instanceof CSSStyleRule && rule.selectorText.includes('.ui-button'),
          );
        } catch {
          return false;
        }
      })
      .map((sheet) => new URL(sheet.href ?? 'inline:', location.href).pathname),
  );
}

test.describe('public pages are styled on first paint', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const phone = viewport.width === PHONE.width;
    for (const { path, heading, primary } of PUBLIC_PAGES) {
      test(`${path} at ${viewport.width} px`, async ({ browser }) => {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        try {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          expectKitLook(await look(page), { phone, primary });
          // The kit's rules come with the first load (main.*.css), not with a later chunk.
          expect(await kitSheets(page)).toEqual([expect.stringMatching(/^\/main\.[^/]*\.css$/)]);
        } finally {
          await context.close();
        }
      });
    }
  }

  test('the register tab is styled at 360 px: full-width School select, labels above fields', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    try {
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Register' }).click();
      const school = page.getByRole('combobox', { name: 'School' });
      await expect(school).toBeVisible();
      const seen = await look(page);
      expectKitLook(seen, { phone: true, primary: true });
      const label = await page.getByText('School', { exact: true }).first().boundingBox();
      const select = await school.boundingBox();
      expect(select!.y, 'the School label sits above its select').toBeGreaterThan(label!.y + 10);
    } finally {
      await context.close();
    }
  });

  test('/auth is styled with only main.*.js: no lazy chunk is needed for the kit', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const blocked: string[] = [];
    // Every script but the first-load bundle is refused: what shows is the first paint.
    await page.route(/\.js(\?|$)/, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (/^\/main\.[^/]*\.js$/.test(path)) return route.continue();
      blocked.push(path);
      return route.abort();
    });
    try {
      await page.goto('/auth');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
      expectKitLook(await look(page), { phone: true, primary: true });
    } finally {
      await context.close();
    }
  });
});

async function studentPage(browser: Browser, viewport: typeof PHONE, avatarUrl?: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const user = await registerUser(page, avatarUrl ? ({ avatarUrl } as object) : {});
  return { page, user, close: () => context.close() };
}

test.describe('signed in', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the header is one row at 360 px and no kit stylesheet arrives with a lazy chunk', async ({
    browser,
  }) => {
    const { page, user, close } = await studentPage(browser, PHONE);
    try {
      for (const path of ['/', '/volunteer', '/directory']) {
        await page.goto(path);
        const header = page.locator('header.app-header');
        await expect(header.getByText(`Welcome, ${user.name}`)).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const rows = await header.evaluate((el) => {
          // Logout is in the person's menu on a phone (issue 33: the name gets the room).
          const parts = [
            '.brand',
            '.app-header__avatar',
            '.app-header__welcome',
            '.app-header__language',
            '.app-header__menu-toggle',
          ].map((selector) => {
            const box = el.querySelector(selector)!.getBoundingClientRect();
            return { selector, middle: box.top + box.height / 2, height: box.height };
          });
          return { height: el.getBoundingClientRect().height, parts };
        });
        // One row of controls; a long name may take up to three short lines beside them
        // (issue 33: the whole name, never "Ma…").
        expect(rows.height, `the header on ${path} is one row`).toBeLessThanOrEqual(80);
        const middle = rows.parts[0]!.middle;
        for (const part of rows.parts)
          expect(
            Math.abs(part.middle - middle),
            `${part.selector} sits on the one row`,
          ).toBeLessThan(4);
        expectKitLook(await look(page), { phone: true, primary: false });
        expect(await kitSheets(page), `kit stylesheets on ${path}`).toEqual([
          expect.stringMatching(/^\/main\.[^/]*\.css$/),
        ]);
      }
    } finally {
      await close();
    }
  });

  test('an avatar without a picture, or with one that fails, shows initials from the first paint', async ({
    browser,
  }) => {
    // A picture URL that answers 404: the avatar must never be an empty circle while it fails.
    const broken = `${runEnv.baseUrl}/api/first-paint/missing-avatar.png`;
    for (const avatarUrl of [undefined, broken]) {
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      try {
        const user = await registerUser(page, avatarUrl ? ({ avatarUrl } as object) : {});
        // Record the avatar's text the moment the header is first put on the page.
        await page.addInitScript(() => {
          const w = window as unknown as { firstAvatarText?: string };
          new MutationObserver((_changes, observer) => {
            const avatar = document.querySelector('.app-header .ui-avatar');
            if (!avatar) return;
            w.firstAvatarText = avatar.textContent ?? '';
            observer.disconnect();
          }).observe(document, { childList: true, subtree: true });
        });
        await page.goto('/');
        const avatar = page.locator('.app-header .ui-avatar');
        const initials = user.name
          .split(/\s+/)
          .map((w, i, all) => (i === 0 || i === all.length - 1 ? w[0] : ''))
          .join('')
          .toUpperCase();
        await expect(avatar).toHaveText(initials);
        await expect(avatar).toBeVisible();
        expect(
          await page.evaluate(
            () => (window as unknown as { firstAvatarText?: string }).firstAvatarText,
          ),
          `initials on first paint (${avatarUrl ? 'broken picture' : 'no picture'})`,
        ).toBe(initials);
        // Light circle with dark initials, never a dark blank disc.
        const colours = await avatar.evaluate((el) => ({
          background: getComputedStyle(el).backgroundColor,
          color: getComputedStyle(el).color,
        }));
        expect(colours.background).toBe('rgb(224, 231, 255)');
        expect(colours.color).toBe('rgb(30, 58, 138)');
      } finally {
        await context.close();
      }
    }
  });

  test('an event photo whose URL fails shows a placeholder with its caption', async ({
    browser,
  }) => {
    const admin = await browser.newContext({ viewport: DESKTOP });
    const adminPage = await admin.newPage();
    const student = await studentPage(browser, PHONE);
    try {
      const login = await adminPage.request.post('/api/login', { data: runEnv.admin });
      expect(login.ok()).toBe(true);
      const title = `Broken Photo Park ${Date.now().toString(36)}`;
      const created = await adminPage.request.post('/api/opportunities', {
        data: {
          title,
          description: 'Plant trees along the levee.',
          location: 'Levee Park',
          date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          spaces: 3,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const archived = await adminPage.request.patch(`/api/opportunities/${id}/status`, {
        data: { status: 'archived' },
      });
      expect(archived.ok(), await archived.text()).toBe(true);
      const caption = 'Planting the first oak';
      const photo = await student.page.request.post(`/api/opportunities/${id}/photos`, {
        data: {
          opportunityId: id,
          photoUrl: `${runEnv.baseUrl}/api/first-paint/missing-photo.jpg`,
          caption,
        },
      });
      expect(photo.status(), await photo.text()).toBe(201);

      await student.page.goto('/volunteer');
      await student.page.getByRole('tab', { name: 'Past Events & Photos' }).click();
      const card = student.page.getByRole('article', { name: title });
      const placeholder = card.getByRole('img', { name: `Photo unavailable: ${caption}` });
      await expect(placeholder).toBeVisible();
      await expect(placeholder).toContainText('Photo unavailable');
      await expect(card.getByText(caption, { exact: true })).toBeVisible();
      const box = await placeholder.boundingBox();
      expect(box!.height, 'the placeholder keeps the photo frame').toBeGreaterThan(60);
      // No broken-image icon is left on the card.
      expect(
        await card.evaluate(
          (el) =>
            Array.from(el.querySelectorAll('img')).filter(
              (img) => img.complete && img.naturalWidth === 0,
            ).length,
        ),
      ).toBe(0);
    } finally {
      await Promise.all([admin.close(), student.close()]);
    }
  });
});

test.describe('no layout shift when a lazy chunk arrives', () => {
  test.describe.configure({ timeout: 90_000 });

  // Each area is a remote loaded after the shell has painted the header: opening it straight from
  // the address bar must not move what is already on the screen. CLS is read from the browser's
  // own layout-shift entries; 0.1 is the threshold browsers call "good".
  for (const viewport of [PHONE, DESKTOP]) {
    test(`areas opened from the address bar at ${viewport.width} px keep the header still and CLS under 0.1`, async ({
      browser,
    }) => {
      const { page, close } = await studentPage(browser, viewport);
      try {
        await page.addInitScript(() => {
          const shifts: Array<{ value: number; sources: string[] }> = [];
          (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<
              PerformanceEntry & {
                value: number;
                hadRecentInput: boolean;
                sources?: Array<{ node?: Node | null }>;
              }
            >) {
              if (entry.hadRecentInput) continue;
              shifts.push({
                value: entry.value,
                sources: (entry.sources ?? []).map((s) =>
                  s.node instanceof Element
                    ? `${s.node.tagName.toLowerCase()}.${Array.from(s.node.classList).join('.')}`
                    : String(s.node?.nodeName),
                ),
              });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        for (const path of ['/volunteer', '/directory', '/blog', '/service-hours']) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await page.waitForLoadState('networkidle');
          const shifts = await page.evaluate(
            () =>
              (window as unknown as { __shifts: Array<{ value: number; sources: string[] }> })
                .__shifts,
          );
          const cls = shifts.reduce((sum, s) => sum + s.value, 0);
          const header = shifts.filter((s) => s.sources.some((src) => src.includes('app-header')));
          expect(header, `the header moved on ${path}: ${JSON.stringify(header)}`).toEqual([]);
          expect(cls, `layout shift on ${path}: ${JSON.stringify(shifts)}`).toBeLessThan(0.1);
        }
      } finally {
        await close();
      }
    });
  }
});
