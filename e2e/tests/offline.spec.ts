// Issue 34: on the student's phone. The app is installable (manifest, icons, a service worker
// with a fetch handler); offline, /volunteer still shows the student's sign-ups and opens the
// check-in screen, a screen never opened shows the offline page; a check-in made offline is sent
// once when the network returns and becomes hours; a redeployed remote brings "Updated, reload".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import {
  expectNoA11yViolations,
  LANGUAGE_STORAGE_KEY,
  registerUser,
  runEnv,
} from '../support/index.ts';

// Service workers are what is under test: never blocked in these contexts.
test.use({ serviceWorkers: 'allow' });
// Several page loads per journey, each with a worker install on a shared machine.
test.setTimeout(120_000);

const SCREENSHOTS = process.env.OFFLINE_SCREENSHOTS_DIR;
const WIDTHS = [360, 1280] as const;

// Screenshots for the README (only when OFFLINE_SCREENSHOTS_DIR is set).
async function shoot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

// Width and height from a PNG's IHDR chunk.
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

// The page is controlled by the service worker (it registers after load and claims the page).
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), {
      timeout: 20_000,
    })
    .toBe(true);
}

async function signIn(request: APIRequestContext, account: { username: string; password: string }) {
  const response = await request.post('/api/login', { data: account });
  expect(response.ok(), `login as ${account.username}: ${response.status()}`).toBe(true);
}

// An admin's event starting in half an hour (check-in open now), lasting two hours, and a new
// student (in a context of their own) signed up for it.
async function eventWithStudent(browser: Browser, prefix: string) {
  const title = `${prefix} ${Date.now().toString(36)}`;
  const adminContext = await browser.newContext();
  const admin = adminContext.request;
  await signIn(admin, runEnv.admin);
  const startsAt = Date.now() + 30 * 60_000;
  const created = await admin.post('/api/opportunities', {
    data: {
      title,
      description: 'Sorting donations at the loading dock.',
      location: 'Second Harvest loading dock',
      date: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 2 * 3_600_000).toISOString(),
      spaces: 10,
    },
  });
  expect(created.ok(), `create: ${created.status()}`).toBe(true);
  const id = Number(((await created.json()) as { id: number }).id);
  const context = await browser.newContext();
  const student = await context.newPage();
  const account = await registerUser(student);
  expect((await student.request.post(`/api/opportunities/${id}/signup`)).status()).toBe(201);
  const close = () => Promise.all([adminContext.close(), context.close()]);
  return { title, id, admin, context, student, account, close };
}

// Opens /volunteer online under the worker, so its screen, code and reads are on the phone.
async function openVolunteerOnline(student: Page, title: string): Promise<void> {
  await student.goto('/');
  await controlled(student);
  await student.goto('/volunteer');
  // Found by its title: other journeys' events may fill the first cards of the list.
  await student.getByRole('searchbox', { name: 'Search opportunities' }).fill(title);
  await expect(student.getByRole('article', { name: title })).toBeVisible();
}

test('the app is installable: manifest in English and Spanish, icons, a worker with a fetch handler', async ({
  baseURL,
}) => {
  // Chromium never offers to install from an incognito profile (Playwright's usual contexts):
  // a profile on disk, like a phone's browser.
  const profile = mkdtempSync(join(tmpdir(), 'e2e-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    baseURL,
    serviceWorkers: 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/auth');
  await controlled(page);
  // Chromium's own install criteria: nothing missing.
  const cdp = await page.context().newCDPSession(page);
  await expect
    .poll(async () => {
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>;
      };
      return installabilityErrors.map((e) => e.errorId);
    })
    .toEqual([]);

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.en.webmanifest');
  for (const [path, shortName] of [
    ['/manifest.en.webmanifest', 'Volunteers'],
    ['/manifest.es.webmanifest', 'Voluntarios'],
  ] as const) {
    const response = await page.request.get(path);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'District Volunteers',
      short_name: shortName,
      start_url: '/',
      display: 'standalone',
      theme_color: '#1d4ed8',
    });
    for (const size of [192, 512])
      for (const purpose of ['any', 'maskable']) {
        const icon = manifest.icons.find(
          (i) => i.sizes === `${size}x${size}` && i.purpose === purpose,
        );
        expect(icon, `${size} ${purpose}`).toBeDefined();
        const image = await page.request.get(icon!.src);
        expect(image.headers()['content-type']).toBe('image/png');
        expect(pngSize(await image.body())).toEqual({ width: size, height: size });
      }
  }
  // In Spanish (the choice saved on this device) the page offers the Spanish manifest.
  await page.evaluate((key) => localStorage.setItem(key, 'es'), LANGUAGE_STORAGE_KEY);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.es.webmanifest',
  );
  // The worker's script is never kept by the browser's cache.
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(await worker.text()).toContain('fetch');
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('offline, /volunteer shows the sign-ups and opens check-in; a screen never opened shows the offline page', async ({
  browser,
}) => {
  const { title, id, context, student, account, close } = await eventWithStudent(
    browser,
    'Food bank',
  );
  await openVolunteerOnline(student, title);

  await context.setOffline(true);
  await student.goto('/volunteer');
  const card = student.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Second Harvest loading dock');
  await expect(card).toContainText(/\d{1,2}:\d{2}/);
  await student
    .getByRole('checkbox', { name: /my sign-ups/i })
    .check()
    .catch(() => undefined);
  await expect(card).toBeVisible();

  await student.goto(`/volunteer/check-in?o=${id}`);
  await expect(student.getByRole('heading', { name: 'Check in' })).toBeVisible();
  await expect(student.getByLabel('Check-in code')).toBeVisible();

  // Never opened on this phone: the offline page, in both languages.
  await student.goto('/directory');
  await expect(student.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(student.getByRole('heading', { name: 'Sin conexión' })).toBeVisible();
  await expectNoA11yViolations(student);
  await shoot(student, 'offline-page');

  // Back online, signing out (through the worker) leaves none of the student's answers on the
  // phone; signing in again goes through it too.
  await context.setOffline(false);
  await student.goto('/volunteer');
  await expect(card).toBeVisible();
  const apiCached = () => student.evaluate(() => caches.has('district-api-v1'));
  expect(await apiCached()).toBe(true);
  await student.getByRole('button', { name: 'Logout' }).click();
  await expect(student.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expect.poll(apiCached).toBe(false);
  const form = student.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Login' }).click();
  // Signed in again (back where the student was): the header greets them.
  await expect(student.getByText(`Welcome, ${account.name}`)).toBeVisible();
  await close();
});

test('a check-in made offline is sent once when the network returns and the hours appear', async ({
  browser,
}) => {
  const { title, id, admin, context, student, close } = await eventWithStudent(
    browser,
    'Park cleanup',
  );
  await openVolunteerOnline(student, title);
  const codeResponse = await admin.get(`/api/opportunities/${id}/check-in-code`);
  const { url } = (await codeResponse.json()) as { url: string };

  // Every check-in POST that reached the server, from the page or from the worker.
  const sent: string[] = [];
  context.on('requestfinished', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/opportunities/${id}/check-in`))
      sent.push(request.url());
  });

  await context.setOffline(true);
  await student.goto(url);
  const saved = student.getByRole('status').filter({ hasText: 'Saved on this phone' });
  await expect(saved).toBeVisible();
  await expect(saved).toContainText('will be sent when your phone is back online');
  await expectNoA11yViolations(student, { include: '#main' });
  await shoot(student, 'check-in-saved-offline');
  await student.goto('/volunteer');
  const entry = student.getByTestId('queued-check-in');
  await expect(entry).toContainText(title);
  await expect(entry).toContainText('waiting to be sent');
  await shoot(student, 'volunteer-offline-queue');
  expect(sent).toEqual([]);

  await context.setOffline(false);
  await expect(entry).toContainText('sent. You are checked in.', { timeout: 20_000 });
  // Sent once, whoever sent it (the page on 'online', or the worker's Background Sync).
  await student.waitForTimeout(1_500);
  expect(sent).toHaveLength(1);
  const roster = await admin.get(`/api/opportunities/${id}/roster`);
  const rows = (await roster.json()) as Array<{ attended: boolean; method: string }>;
  expect(rows).toEqual([expect.objectContaining({ attended: true, method: 'check-in' })]);

  // The hours follow as for an online check-in (an event hop away).
  await student.goto('/service-hours');
  await student.getByRole('tab', { name: 'My Hours' }).click();
  const hours = student.getByTestId('hours-entry').filter({ hasText: title });
  await expect(async () => {
    if ((await hours.count()) === 0) {
      await student.reload();
      await student.getByRole('tab', { name: 'My Hours' }).click();
    }
    await expect(hours).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(hours).toContainText('2 hours');
  await close();
});

test('a redeployed remote reaches an open app at the next navigation as "Updated, reload"', async ({
  browser,
}) => {
  const context: BrowserContext = await browser.newContext();
  const page = await context.newPage();
  await registerUser(page);
  // The gateway's mf-volunteer, redeployed while the page is open: its manifest changes.
  let redeployed = false;
  let fetches = 0;
  await context.route('**/mf/volunteer/mf-manifest.json', async (route) => {
    fetches += 1;
    const response = await route.fetch();
    const manifest = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: redeployed ? { ...manifest, redeployedAt: 'now' } : manifest,
    });
  });
  await page.goto('/');
  await controlled(page);
  await page.goto('/volunteer');
  await expect(page.getByRole('heading', { name: 'Volunteer', level: 1 })).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'Updated' });
  await expect(notice).toHaveCount(0);
  // The federation runtime's fetch, then the shell's note of which build it loaded.
  await expect.poll(() => fetches).toBeGreaterThanOrEqual(2);

  redeployed = true;
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('a new version of the app is ready');
  await expectNoA11yViolations(page, { include: '#main' });
  await shoot(page, 'update-notice');
  await notice.getByRole('button', { name: 'Reload' }).click();
  await page.waitForLoadState('load');
  await expect(page.getByRole('status').filter({ hasText: 'Updated' })).toHaveCount(0);
  await context.close();
});
