// New-opportunity notifications (SPEC §2 toasts, §4, §8; issue 4), through the gateway in real
// Chromium: an admin posts an opportunity while students are signed in elsewhere in the app.
import { randomBytes } from 'node:crypto';
import { NOTIFICATION_TOAST, SCREEN_TEXTS } from '@district/contracts';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { registerUser, runEnv } from '../support/index.ts';

const STREAM = '/api/notifications/stream';
const FEED = '/api/notifications';
const tag = () => randomBytes(3).toString('hex');

async function adminContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.request.post('/api/login', { data: runEnv.admin });
  expect(res.ok(), `admin login answered ${res.status()}`).toBe(true);
  return { context, page };
}

// Opportunities this file created, deleted again at the end so other journeys (the volunteer
// page's empty texts) see the lists as they left them.
const created: number[] = [];

test.afterAll(async ({ browser }) => {
  if (created.length === 0) return;
  const admin = await adminContext(browser);
  try {
    for (const id of created.splice(0)) await admin.page.request.delete(`/api/opportunities/${id}`);
  } finally {
    await admin.context.close();
  }
});

async function createByApi(
  request: APIRequestContext,
  title: string,
  location: string,
): Promise<number> {
  const res = await request.post('/api/opportunities', {
    data: {
      title,
      description: 'Sort donated food into boxes for families across the parish.',
      location,
      date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      spaces: 5,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  created.push(id);
  return id;
}

const region = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const notificationToast = (page: Page, title: string, location: string) =>
  region(page)
    .locator('li')
    .filter({ hasText: NOTIFICATION_TOAST.description(title, location) });

// Opens a signed-in page and waits until its notification stream is open at the service.
async function openWithStream(page: Page, path: string): Promise<void> {
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === STREAM);
  await page.goto(path);
  expect((await stream).status()).toBe(200);
}

// Requests to the feed or the stream made by any page of a context.
function feedRequests(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === FEED || path === STREAM) seen.push(path);
  });
  return seen;
}

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test('a student on another page gets the toast when an admin posts; swipe dismisses, F8 focuses', async ({
  browser,
}) => {
  const admin = await adminContext(browser);
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  try {
    await registerUser(student);
    await openWithStream(student, '/blog');
    await expect(
      student.getByRole('heading', { level: 1, name: 'Student Blog Posts' }),
    ).toBeVisible();

    // The admin uses the Create Opportunity dialog on /volunteer.
    const title = `Food Bank Saturday ${tag()}`;
    const location = 'Second Harvest, Elmwood';
    await admin.page.goto('/volunteer');
    await admin.page.getByRole('button', { name: 'Create Opportunity' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Create Opportunity' });
    await dialog.getByLabel('Title').fill(title);
    await dialog
      .getByLabel('Description')
      .fill('Sort donated food into boxes for families across the parish.');
    await dialog.getByLabel('Location').fill(location);
    await dialog.getByLabel('Date').fill('2031-06-07');
    await dialog.getByLabel('Spaces').fill('4');
    await dialog.getByRole('button', { name: 'Create Opportunity' }).click();
    // The admin's own confirmation is not pushed aside by the notification.
    await expect(
      region(admin.page).locator('li').filter({ hasText: 'Opportunity created successfully' }),
    ).toBeVisible();
    const active = await admin.page.request.get('/api/opportunities?status=active');
    const mine = ((await active.json()) as Array<{ id: number; title: string }>).find(
      (o) => o.title === title,
    );
    if (mine) created.push(mine.id);

    const toast = notificationToast(student, title, location);
    await expect(toast).toBeVisible({ timeout: 5_000 });
    await expect(toast.getByText(NOTIFICATION_TOAST.title, { exact: true })).toBeVisible();
    await expect(
      toast.getByText(NOTIFICATION_TOAST.description(title, location), { exact: true }),
    ).toBeVisible();
    const extra = toast.getByText(NOTIFICATION_TOAST.extraLine, { exact: true });
    await expect(extra).toBeVisible();
    expect(NOTIFICATION_TOAST.iconColors).toContain(await extra.getAttribute('data-icon-color'));
    await expect(extra.locator('svg')).toHaveCount(1);
    // The student stayed where they were.
    await expect(student).toHaveURL(/\/blog$/);

    await student.keyboard.press('F8');
    await expect(region(student).locator('ol')).toBeFocused();

    // Swiped to the right past the threshold, it goes away.
    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    await student.mouse.move(box.x + 20, y);
    await student.mouse.down();
    await student.mouse.move(box.x + 120, y, { steps: 8 });
    await student.mouse.move(box.x + 260, y, { steps: 8 });
    await student.mouse.up();
    await expect(toast).toHaveCount(0);

    // Delivered once: a reload (a new stream, a poll) does not bring it back.
    await openWithStream(student, '/');
    await student.waitForTimeout(1_000);
    await expect(notificationToast(student, title, location)).toHaveCount(0);
  } finally {
    await admin.context.close();
    await studentContext.close();
  }
});

// Issue 33: the stream hands a returning user what came while they were away (the last 10
// minutes); a toast about an event archived meanwhile would be stale.
test('on connect, no toast for an opportunity archived while the user was away; the others still come', async ({
  browser,
}) => {
  const admin = await adminContext(browser);
  const studentContext = await browser.newContext();
  try {
    const first = await studentContext.newPage();
    await registerUser(first);
    await openWithStream(first, '/blog');
    await first.close();

    // The one still open first: a newer toast replaces an older one, so without the check the
    // archived one would take its place.
    const location = 'Bayou St. John';
    const activeTitle = `Levee Planting ${tag()}`;
    await createByApi(admin.page.request, activeTitle, location);
    const archivedTitle = `Cancelled Cleanup ${tag()}`;
    const archivedId = await createByApi(admin.page.request, archivedTitle, location);
    const archive = await admin.page.request.patch(`/api/opportunities/${archivedId}/status`, {
      data: { status: 'archived' },
    });
    expect(archive.status(), await archive.text()).toBe(200);

    const student = await studentContext.newPage();
    await openWithStream(student, '/blog');
    await expect(notificationToast(student, activeTitle, location)).toBeVisible({
      timeout: 5_000,
    });
    await student.waitForTimeout(1_500);
    await expect(notificationToast(student, archivedTitle, location)).toHaveCount(0);
    await expect(notificationToast(student, activeTitle, location)).toBeVisible();
  } finally {
    await admin.context.close();
    await studentContext.close();
  }
});

test('tabs of one browser share one stream; when the leading tab closes another takes over', async ({
  browser,
}) => {
  const admin = await adminContext(browser);
  const context = await browser.newContext();
  const streams: string[] = [];
  context.on('request', (r) => {
    if (new URL(r.url()).pathname === STREAM) streams.push(r.url());
  });
  const first = await context.newPage();
  try {
    await registerUser(first);
    await openWithStream(first, '/');
    const second = await context.newPage();
    await second.goto('/blog');
    await expect(
      second.getByRole('heading', { level: 1, name: 'Student Blog Posts' }),
    ).toBeVisible();
    await second.waitForTimeout(1_000);
    // The second tab follows the first one instead of opening a stream of its own.
    expect(streams).toHaveLength(1);

    const one = `Park Clean-up ${tag()}`;
    await createByApi(admin.page.request, one, 'Lafreniere Park');
    await expect(notificationToast(first, one, 'Lafreniere Park')).toBeVisible({ timeout: 5_000 });
    await expect(notificationToast(second, one, 'Lafreniere Park')).toBeVisible();

    // The leader goes away: the other tab opens the stream and receives the next one.
    const takeover = second.waitForResponse((r) => new URL(r.url()).pathname === STREAM);
    await first.close();
    expect((await takeover).status()).toBe(200);
    const two = `Library Reading Hour ${tag()}`;
    await createByApi(admin.page.request, two, 'East Bank Regional Library');
    await expect(notificationToast(second, two, 'East Bank Regional Library')).toBeVisible({
      timeout: 5_000,
    });
    expect(streams).toHaveLength(2);
  } finally {
    await admin.context.close();
    await context.close();
  }
});

test('without the stream it polls every 30 s; after sign-out it asks nothing more', async ({
  browser,
}) => {
  const admin = await adminContext(browser);
  const context = await browser.newContext();
  // The push channel is unavailable for this browser: the client must fall back to polling.
  await context.route(`**${STREAM}`, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503}' }),
  );
  const requests = feedRequests(context);
  const page = await context.newPage();
  try {
    await page.clock.install();
    await registerUser(page);
    const firstPoll = page.waitForResponse((r) => new URL(r.url()).pathname === FEED);
    await page.goto('/');
    expect((await firstPoll).status()).toBe(200);

    const title = `Animal Shelter Morning ${tag()}`;
    await createByApi(admin.page.request, title, 'Jefferson SPCA');
    const nextPoll = page.waitForResponse((r) => new URL(r.url()).pathname === FEED);
    await page.clock.fastForward(30_000);
    await nextPoll;
    await expect(notificationToast(page, title, 'Jefferson SPCA')).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    const atSignOut = requests.length;
    await page.clock.fastForward(65_000);
    await page.waitForTimeout(500);
    await page.clock.fastForward(65_000);
    await page.waitForTimeout(500);
    expect(requests.slice(atSignOut)).toEqual([]);
  } finally {
    await admin.context.close();
    await context.close();
  }
});

// Issue 14.7: Radix gives Escape to the newest layer, and a toast is one.
test('a toast arriving while a dialog is open does not swallow the Escape meant for the dialog', async ({
  browser,
}) => {
  const admin = await adminContext(browser);
  const context = await browser.newContext();
  const student = await context.newPage();
  try {
    await registerUser(student);
    await openWithStream(student, '/blog');
    const opener = student.getByRole('button', { name: SCREEN_TEXTS.writePost });
    await opener.focus();
    await student.keyboard.press('Enter');
    const dialog = student.getByRole('dialog');
    await expect(dialog).toBeVisible();

    const title = `Library morning ${tag()}`;
    await createByApi(admin.page.request, title, 'Main library');
    // While the dialog is open the rest of the page is aria-hidden: find the toast by its class.
    const toast = student.locator('.ui-toast').filter({ hasText: title });
    await expect(toast).toBeVisible();
    await student.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The toast was not the one dismissed (it stays until its own time is up).
    await expect(toast).toHaveAttribute('data-state', 'open');
    await expect(opener).toBeFocused();
  } finally {
    await context.close();
    await admin.context.close();
  }
});
