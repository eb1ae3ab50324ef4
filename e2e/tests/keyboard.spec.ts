// Keyboard journeys (issue 14.7): Tab order on the key pages with no stray stops, every dialog
// closes with Escape and gives focus back to the control that opened it, and the highlighted
// option of every select shows the focus ring.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { SCREEN_TEXTS } from '@district/contracts';
import { registerUser, runEnv, type RegisteredUser } from '../support/index.ts';

type Role = 'student' | 'admin' | 'supervisor';

interface World {
  student: RegisteredUser;
  activeTitle: string;
  archivedTitle: string;
}

// Per worker: a student, an active opportunity and an archived one (for Submit Photos).
let world: World | undefined;
async function setUp(browser: Browser): Promise<World> {
  if (world) return world;
  const admin = await browser.newContext({ baseURL: runEnv.baseUrl });
  expect((await admin.request.post('/api/login', { data: runEnv.admin })).status()).toBe(200);
  const tag = Date.now().toString(36);
  const create = async (title: string): Promise<number> => {
    const res = await admin.request.post('/api/opportunities', {
      data: {
        title,
        description: 'Help at the district food bank sorting donations.',
        location: 'Second Harvest Food Bank',
        date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        spaces: 4,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const activeTitle = `Keyboard check active ${tag}`;
  const archivedTitle = `Keyboard check archived ${tag}`;
  await create(activeTitle);
  const archivedId = await create(archivedTitle);
  const archived = await admin.request.patch(`/api/opportunities/${archivedId}/status`, {
    data: { status: 'archived' },
  });
  expect(archived.ok(), await archived.text()).toBe(true);
  const student = await registerUser(admin.request, { name: `Kim Keyboard ${tag}` });
  await admin.close();
  world = { student, activeTitle, archivedTitle };
  return world;
}

async function pageAs(browser: Browser, role: Role): Promise<Page> {
  const w = await setUp(browser);
  const context = await browser.newContext({
    baseURL: runEnv.baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const account =
    role === 'student'
      ? { username: w.student.username, password: w.student.password }
      : role === 'admin'
        ? runEnv.admin
        : runEnv.supervisor;
  expect((await page.request.post('/api/login', { data: account })).status()).toBe(200);
  return page;
}

// Presses Tab once per expected control and checks each in turn has focus.
async function expectTabOrder(page: Page, order: Locator[]): Promise<void> {
  for (const control of order) {
    await page.keyboard.press('Tab');
    await expect(control).toBeFocused();
  }
}

test('Tab on the sign-in screen goes tab, fields, link, button: never the tab panel', async ({
  page,
}) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await expectTabOrder(page, [
    // Issue 22: the language picker in the page's top bar comes first.
    page.getByRole('banner').getByRole('combobox', { name: 'Language' }),
    page.getByRole('tab', { name: 'Login' }),
    page.getByLabel('Username'),
    page.getByLabel('Password'),
    page.getByRole('link', { name: SCREEN_TEXTS.forgotPasswordLink }),
    page.getByRole('button', { name: 'Login', exact: true }),
  ]);
  // Arrow keys move between tabs; Tab from the Register tab lands in its form, not the panel.
  await page.getByRole('tab', { name: 'Login' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Register' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Username')).toBeFocused();
});

test('Tab through the signed-in header reaches every link, the avatar and Logout, then the page', async ({
  browser,
}) => {
  const page = await pageAs(browser, 'student');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expectTabOrder(page, [
    page.getByRole('link', { name: 'Skip to content' }),
    page.getByRole('banner').getByRole('link').first(),
    nav.getByRole('link', { name: 'Volunteer' }),
    nav.getByRole('link', { name: 'Directory' }),
    nav.getByRole('link', { name: 'Blog' }),
    nav.getByRole('link', { name: 'Service Hours' }),
    page.getByRole('button', { name: 'Change profile picture' }),
    // Issue 33: the welcome line opens the user menu (My account).
    page.getByRole('banner').getByRole('button', { name: /^Welcome,/ }),
    // Issue 22: the language picker sits between the welcome line and Logout.
    page.getByRole('banner').getByRole('combobox', { name: 'Language' }),
    page.getByRole('button', { name: 'Logout' }),
    page.getByRole('main').getByRole('link').first(),
  ]);
  await page.context().close();
});

test('on /service-hours Tab goes from the active tab straight to the first field', async ({
  browser,
}) => {
  const page = await pageAs(browser, 'student');
  await page.goto('/service-hours');
  const tab = page.getByRole('tab', { name: SCREEN_TEXTS.logHoursTab });
  await expect(tab).toBeVisible();
  await expect(page.getByLabel('Hours', { exact: true })).toBeVisible();
  await tab.focus();
  await page.keyboard.press('Tab');
  // The inactive "My Hours" tab is not a stop (roving focus); the panel is not one either.
  await expect(page.getByRole('tabpanel')).not.toBeFocused();
  await expect(page.getByLabel('Hours', { exact: true })).toBeFocused();
  await page.context().close();
});

interface DialogCase {
  name: string;
  role: Role;
  open: (page: Page, w: World) => Promise<Locator>;
  dialog: 'dialog' | 'alertdialog';
}

const onVolunteer = async (page: Page) => {
  await page.goto('/volunteer');
  await expect(
    page.getByRole('heading', { level: 1, name: SCREEN_TEXTS.volunteerTitle }),
  ).toBeVisible();
};
const onDirectory = async (page: Page, w: World) => {
  await page.goto('/directory');
  await page.getByRole('searchbox').fill(w.student.name);
};

const DIALOGS: DialogCase[] = [
  {
    name: 'the avatar dialog in the header',
    role: 'student',
    dialog: 'dialog',
    open: async (page) => {
      await page.goto('/');
      return page.getByRole('button', { name: 'Change profile picture' });
    },
  },
  {
    name: 'Write a Post',
    role: 'student',
    dialog: 'dialog',
    open: async (page) => {
      await page.goto('/blog');
      return page.getByRole('button', { name: SCREEN_TEXTS.writePost });
    },
  },
  {
    name: 'Submit Photos',
    role: 'student',
    dialog: 'dialog',
    open: async (page, w) => {
      await onVolunteer(page);
      await page.getByRole('tab', { name: SCREEN_TEXTS.pastEventsTab }).click();
      return page.getByRole('button', {
        name: `${SCREEN_TEXTS.submitPhotos} for ${w.archivedTitle}`,
      });
    },
  },
  {
    name: 'Create Opportunity',
    role: 'admin',
    dialog: 'dialog',
    open: async (page) => {
      await onVolunteer(page);
      return page.getByRole('button', { name: SCREEN_TEXTS.createOpportunity });
    },
  },
  {
    name: 'delete an opportunity',
    role: 'admin',
    dialog: 'alertdialog',
    open: async (page, w) => {
      await onVolunteer(page);
      return page.getByRole('button', { name: `Delete ${w.activeTitle}` });
    },
  },
  {
    name: 'delete a student',
    role: 'admin',
    dialog: 'alertdialog',
    open: async (page, w) => {
      await onDirectory(page, w);
      return page.getByRole('button', { name: `Delete ${w.student.name}` });
    },
  },
  {
    name: 'make a student a supervisor',
    role: 'admin',
    dialog: 'alertdialog',
    open: async (page, w) => {
      await onDirectory(page, w);
      return page.getByRole('button', { name: `Make supervisor: ${w.student.name}` });
    },
  },
];

for (const c of DIALOGS) {
  test(`${c.name}: Escape closes it and focus is back on the control that opened it`, async ({
    browser,
  }) => {
    const page = await pageAs(browser, c.role);
    const w = await setUp(browser);
    const opener = await c.open(page, w);
    await expect(opener).toBeVisible();
    // Opened from the keyboard, as a keyboard user would.
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole(c.dialog);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    // And again with the Cancel/Close control.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog
      .getByRole('button', { name: c.dialog === 'alertdialog' ? 'Cancel' : 'Close' })
      .first()
      .click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await page.context().close();
  });
}

interface SelectCase {
  name: string;
  role: Role | 'signed-out';
  open: (page: Page) => Promise<Locator>;
}

const SELECTS: SelectCase[] = [
  {
    name: 'School on the Register tab',
    role: 'signed-out',
    open: async (page) => {
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Register' }).click();
      return page.getByRole('combobox', { name: 'School' });
    },
  },
  {
    name: 'the related event on /service-hours',
    role: 'student',
    open: async (page) => {
      await page.goto('/service-hours');
      return page.getByRole('combobox', { name: /Related event/ });
    },
  },
  {
    name: 'the school filter on /supervisor',
    role: 'supervisor',
    open: async (page) => {
      await page.goto('/supervisor');
      // The school list comes with the counts: opened before they load, the options change
      // under the keyboard's highlight (the flaky run). A person sees the counts first.
      await expect(page.getByRole('tab', { name: /^Pending \(\d+\)$/ })).toBeVisible();
      return page.getByRole('combobox', { name: 'School' });
    },
  },
];

for (const c of SELECTS) {
  test(`${c.name}: the option the keyboard is on shows the focus ring`, async ({ browser }) => {
    const page =
      c.role === 'signed-out'
        ? await browser.newPage({ baseURL: runEnv.baseUrl })
        : await pageAs(browser, c.role);
    const trigger = await c.open(page);
    await expect(trigger).toBeVisible();
    await trigger.focus();
    // ArrowDown opens a select and a combobox alike; the second one moves the highlight.
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    const highlighted = page.locator('[role="option"][data-highlighted]');
    await expect(highlighted).toHaveCount(1);
    const ring = await highlighted.evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), shadow: s.boxShadow };
    });
    expect(
      (ring.style !== 'none' && ring.width > 0) || ring.shadow !== 'none',
      `highlighted option's outline ${ring.style} ${ring.width}px, box-shadow ${ring.shadow}`,
    ).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(trigger).toBeFocused();
    await page.context().close();
  });
}
