// /volunteer in daily use with real numbers (issue 14 points 3-6, issue 15 point 9), through the
// gateway in real Chromium: long sign-up lists stay short, finding an opportunity, the toast that
// leads to the new card, paged past events, and what peers learn from a sign-up list.
import { randomBytes } from 'node:crypto';
import { NOTIFICATION_TOAST } from '@district/contracts';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { expectNoA11yViolations, registerUser, runEnv } from '../support/index.ts';

const tag = () => randomBytes(3).toString('hex');
const DAY = 86_400_000;

// Everything this file creates is deleted at the end, so other journeys see the lists as they
// left them.
const created: number[] = [];

async function adminContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.request.post('/api/login', { data: runEnv.admin });
  expect(res.ok(), `admin login answered ${res.status()}`).toBe(true);
  return { context, page };
}

async function studentContext(browser: Browser, school?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await registerUser(page, school ? { school } : {});
  return { context, page, user };
}

// Dated far ahead unless told otherwise, so they sort after other journeys' cards.
async function createByApi(
  request: APIRequestContext,
  fields: {
    title: string;
    spaces?: number;
    location?: string;
    description?: string;
    inDays?: number;
  },
): Promise<number> {
  const res = await request.post('/api/opportunities', {
    data: {
      title: fields.title,
      description: fields.description ?? 'Help neighbours with a community project.',
      location: fields.location ?? 'Metairie Community Center',
      date: new Date(Date.now() + (fields.inDays ?? 200) * DAY).toISOString(),
      spaces: fields.spaces ?? 5,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  created.push(id);
  return id;
}

test.afterAll(async ({ browser }) => {
  if (created.length === 0) return;
  const admin = await adminContext(browser);
  try {
    for (const id of created.splice(0)) await admin.page.request.delete(`/api/opportunities/${id}`);
  } finally {
    await admin.context.close();
  }
});

async function openVolunteer(page: Page): Promise<void> {
  await page.goto('/volunteer');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Volunteer Opportunities' }),
  ).toBeVisible();
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

test.describe.configure({ mode: 'serial', timeout: 120_000 });

// Registers a student in a context of their own and signs them up.
async function signUpClassmate(browser: Browser, id: number): Promise<string> {
  const context = await browser.newContext();
  try {
    const user = await registerUser(context.request, { school: 'Jesuit High School' });
    const res = await context.request.post(`/api/opportunities/${id}/signup`);
    expect(res.status(), await res.text()).toBe(201);
    return `${user.name} from Jesuit High School`;
  } finally {
    await context.close();
  }
}

test('a long sign-up list shows the count, three names and your own; "Show all" reveals the rest; peers get no ids', async ({
  browser,
}) => {
  const admin = await adminContext(browser);
  const viewer = await studentContext(browser, 'Chalmette High School');
  try {
    const title = `Levee picnic ${tag()}`;
    const id = await createByApi(admin.page.request, { title, spaces: 40, inDays: 1 });
    // Seven classmates sign up first, the viewer last (eighth).
    const names: string[] = [];
    for (let i = 0; i < 7; i++) names.push(await signUpClassmate(browser, id));
    expect((await viewer.page.request.post(`/api/opportunities/${id}/signup`)).status()).toBe(201);
    const mine = `${viewer.user.name} from Chalmette High School`;

    // Issue 15.9: what a peer's browser receives is what the screen shows, and no user ids.
    const list = (await (
      await viewer.page.request.get(`/api/opportunities/${id}/signups`)
    ).json()) as Array<Record<string, unknown>>;
    expect(list).toHaveLength(8);
    for (const entry of list) expect(Object.keys(entry).sort()).toEqual(['mine', 'name', 'school']);
    expect(list.filter((e) => e.mine).map((e) => e.name)).toEqual([viewer.user.name]);

    await viewer.page.setViewportSize({ width: 360, height: 740 });
    await openVolunteer(viewer.page);
    const theCard = card(viewer.page, title);
    await expect(theCard).toBeVisible();
    await expect(theCard.getByRole('heading', { name: 'Signed up (8)' })).toBeVisible();
    const people = theCard.getByRole('list').last();
    await expect(people.getByRole('listitem')).toHaveText([...names.slice(0, 3), mine]);
    const more = theCard.getByRole('button', { name: 'Show all 8' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    const collapsed = (await theCard.boundingBox())!.height;

    // Keyboard: focus the button and press Enter.
    await more.focus();
    await viewer.page.keyboard.press('Enter');
    const fewer = theCard.getByRole('button', { name: 'Show fewer' });
    await expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await expect(people.getByRole('listitem')).toHaveText([...names, mine]);
    const expanded = (await theCard.boundingBox())!.height;
    // Five more names (about 20 px each) only once asked for.
    expect(expanded - collapsed).toBeGreaterThan(80);
    await viewer.page.screenshot({
      path: test.info().outputPath('signups-360.png'),
      fullPage: false,
    });
    await expectNoA11yViolations(viewer.page);
  } finally {
    await admin.context.close();
    await viewer.context.close();
  }
});

// Issue 33.11: "Sort by" is one line, beside its select at desktop widths (a phone puts it above
// the full-width select, issue 14.2), and the page does not scroll sideways.
async function expectSortOnOneLine(page: Page, besideSelect: boolean) {
  const box = await page.locator('.finder__sort').evaluate((sort) => {
    const label = sort.querySelector('span')!;
    const select = sort.querySelector('[role="combobox"]')!;
    const l = label.getBoundingClientRect();
    const s = select.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(label);
    return {
      lines: new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size,
      sameRow: (l.top + l.bottom) / 2 > s.top && (l.top + l.bottom) / 2 < s.bottom,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
  expect(box.lines).toBe(1);
  expect(box.sameRow).toBe(besideSelect);
  expect(box.overflow).toBe(0);
}

test('find an opportunity: search, "Only with open spots", "My sign-ups" and "Most spots left"', async ({
  browser,
}) => {
  const admin = await adminContext(browser);
  const viewer = await studentContext(browser);
  try {
    const t = `zq${tag()}`;
    const beach = `${t} Beach cleanup`;
    const park = `${t} Park planting`;
    const library = `${t} Library reading`;
    const beachId = await createByApi(admin.page.request, { title: beach, spaces: 1, inDays: 201 });
    await createByApi(admin.page.request, {
      title: park,
      spaces: 10,
      location: 'Kenner Rivertown',
      inDays: 202,
    });
    const libraryId = await createByApi(admin.page.request, {
      title: library,
      spaces: 3,
      description: 'Read stories aloud to children at the branch library.',
      inDays: 203,
    });
    await signUpClassmate(browser, beachId); // now full
    expect(
      (await viewer.page.request.post(`/api/opportunities/${libraryId}/signup`)).status(),
    ).toBe(201);

    await viewer.page.setViewportSize({ width: 360, height: 740 });
    await openVolunteer(viewer.page);
    const search = viewer.page.getByRole('searchbox', { name: 'Search opportunities' });
    const titles = viewer.page.locator('.finder .opportunity .ui-card__title');
    await search.fill(t);
    await expect(titles).toHaveText([beach, park, library]);
    await expect(viewer.page.getByRole('status').filter({ hasText: 'match' })).toContainText(
      /^3 of \d+ opportunities match$/,
    );
    // Location and description are searched too, every word, any case.
    await search.fill(`${t} KENNER`);
    await expect(titles).toHaveText([park]);
    await search.fill(`${t} stories`);
    await expect(titles).toHaveText([library]);
    await search.fill(`${t} nothing-like-this`);
    await expect(viewer.page.getByText('No opportunities match your search.')).toBeVisible();
    await search.fill(t);

    await viewer.page.getByLabel('Only with open spots').check();
    await expect(titles).toHaveText([park, library]);
    await viewer.page.getByLabel('Only with open spots').uncheck();
    await viewer.page.getByLabel('My sign-ups').check();
    await expect(titles).toHaveText([library]);
    await viewer.page.getByLabel('My sign-ups').uncheck();

    await viewer.page.getByRole('combobox', { name: 'Sort by' }).click();
    await viewer.page.getByRole('option', { name: 'Most spots left' }).click();
    await expect(titles).toHaveText([park, library, beach]);
    await expectSortOnOneLine(viewer.page, false);
    await viewer.page.screenshot({ path: test.info().outputPath('find-360.png') });
    await expectNoA11yViolations(viewer.page);

    await viewer.page.setViewportSize({ width: 1280, height: 800 });
    await expectSortOnOneLine(viewer.page, true);
    await viewer.page.screenshot({ path: test.info().outputPath('find-1280.png') });
    // Spanish's longer labels ("Solo con lugares libres") leave the options less room.
    await viewer.page
      .getByRole('banner')
      .getByRole('combobox', { name: 'Language' })
      .selectOption({ label: 'Español' });
    await expect(viewer.page.locator('html')).toHaveAttribute('lang', 'es');
    await expectSortOnOneLine(viewer.page, true);
    await viewer.page.screenshot({ path: test.info().outputPath('find-1280-es.png') });
  } finally {
    await admin.context.close();
    await viewer.context.close();
  }
});

test('the new-opportunity toast\'s "View" opens the card; an open /volunteer shows it without a reload', async ({
  browser,
}) => {
  const admin = await adminContext(browser);
  const viewer = await studentContext(browser);
  const other = await studentContext(browser);
  try {
    // One student reads the blog, the other has /volunteer open; both have their stream open.
    const streamOpen = (page: Page) =>
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/notifications/stream');
    let opened = streamOpen(viewer.page);
    await viewer.page.goto('/blog');
    expect((await opened).status()).toBe(200);
    opened = streamOpen(other.page);
    await openVolunteer(other.page);
    expect((await opened).status()).toBe(200);
    await expect(other.page.getByRole('searchbox', { name: 'Search opportunities' })).toBeVisible();
    let reloaded = false;
    other.page.on('framenavigated', (frame) => {
      if (frame === other.page.mainFrame()) reloaded = true;
    });

    const title = `Bayou paddle-clean ${tag()}`;
    const location = 'Bayou St. John';
    const id = await createByApi(admin.page.request, { title, location, inDays: 0.5 });

    // Without a reload, the open list gains the card.
    await expect(card(other.page, title)).toBeVisible({ timeout: 15_000 });
    expect(reloaded).toBe(false);

    const toast = viewer.page
      .getByRole('region', { name: /Notifications/ })
      .locator('li')
      .filter({ hasText: NOTIFICATION_TOAST.description(title, location) });
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await toast.getByRole('button', { name: 'View' }).click();
    await expect(viewer.page).toHaveURL(new RegExp(`/volunteer#opportunity-${id}$`));
    const target = card(viewer.page, title);
    await expect(target).toBeFocused();
    await expect(target).toBeInViewport();
  } finally {
    await admin.context.close();
    await viewer.context.close();
    await other.context.close();
  }
});

test('past events come a page at a time ("Show more past events"); the plain call stays whole', async ({
  browser,
}) => {
  const admin = await adminContext(browser);
  const viewer = await studentContext(browser);
  try {
    // Thirteen past events, dated long ago so they sort after other journeys' archived cards.
    const t = tag();
    for (let i = 1; i <= 13; i++) {
      const id = await createByApi(admin.page.request, {
        title: `Old drive ${t} ${i}`,
        inDays: -400 - i,
      });
      const res = await admin.page.request.patch(`/api/opportunities/${id}/status`, {
        data: { status: 'archived' },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const whole = (await (
      await viewer.page.request.get('/api/opportunities?status=archived')
    ).json()) as unknown[];
    expect(Array.isArray(whole)).toBe(true);
    expect(whole.length).toBeGreaterThanOrEqual(13);

    const pages: string[] = [];
    viewer.page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/opportunities' && url.searchParams.get('status') === 'archived')
        pages.push(url.search);
    });
    await openVolunteer(viewer.page);
    await viewer.page.getByRole('tab', { name: 'Past Events & Photos' }).click();
    const articles = viewer.page.getByRole('tabpanel').getByRole('article');
    await expect(articles).toHaveCount(12);
    await viewer.page.getByRole('button', { name: /^Show more past events/ }).click();
    await expect(articles).toHaveCount(Math.min(24, whole.length));
    expect(pages).toEqual([
      '?status=archived&page=1&pageSize=12',
      '?status=archived&page=2&pageSize=12',
    ]);
  } finally {
    await admin.context.close();
    await viewer.context.close();
  }
});
