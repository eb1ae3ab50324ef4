// Visual checks (issue 14.2) and the keyboard/axe gate (14.7) on every screen of SPEC §2, signed
// out and as student, supervisor and admin, on a 360×740 phone and a 1280×800 desktop. Each test
// is one role at one width in one page; every screen is a step whose problems are listed together
// (soft assertions), so one run names every unstyled or broken screen at once.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SCREEN_TEXTS } from '@district/contracts';
import {
  a11yViolations,
  readKitTokens,
  registerUser,
  runEnv,
  visualFindings,
  walkTabStops,
  VIEWPORTS,
  type ViewportName,
} from '../support/index.ts';

type Role = 'signed-out' | 'student' | 'supervisor' | 'admin';
const SIGNED_IN: Role[] = ['student', 'supervisor', 'admin'];

interface Screen {
  name: string;
  path: string;
  roles: Role[];
  // Brings the screen into the state to look at (a tab), after the page has loaded.
  open?: (page: Page) => Promise<void>;
  // Accessible name of the screen's primary action, where it has one for that role.
  primary?: string | Partial<Record<Role, string>>;
}

const openTab = (name: string) => async (page: Page) => {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
};

// SPEC §2 route table and README "Screens"; the admin-only views are tabs of those routes.
const SCREENS: Screen[] = [
  { name: '/auth (Login tab)', path: '/auth', roles: ['signed-out'], primary: 'Login' },
  {
    name: '/auth (Register tab)',
    path: '/auth',
    roles: ['signed-out'],
    open: async (page) => {
      await openTab('Register')(page);
      await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeVisible();
    },
    primary: 'Register',
  },
  { name: '/login', path: '/login', roles: ['signed-out'], primary: 'Login' },
  {
    name: '/forgot-password',
    path: '/forgot-password',
    roles: ['signed-out'],
    primary: SCREEN_TEXTS.sendResetLink,
  },
  {
    name: '/reset-password without a token',
    path: '/reset-password',
    roles: ['signed-out'],
    primary: 'Request New Link',
  },
  {
    name: '/reset-password with a token',
    path: '/reset-password?token=visual-check-token',
    roles: ['signed-out'],
    primary: SCREEN_TEXTS.resetPasswordButton,
  },
  { name: '404', path: '/no-such-page', roles: ['signed-out', ...SIGNED_IN] },
  { name: '/', path: '/', roles: SIGNED_IN, primary: 'Browse Opportunities' },
  {
    name: '/volunteer (active)',
    path: '/volunteer',
    roles: SIGNED_IN,
    primary: { admin: SCREEN_TEXTS.createOpportunity },
  },
  {
    name: '/volunteer (past events)',
    path: '/volunteer',
    roles: SIGNED_IN,
    open: openTab(SCREEN_TEXTS.pastEventsTab),
  },
  { name: '/directory', path: '/directory', roles: SIGNED_IN },
  {
    name: '/directory (audit log)',
    path: '/directory',
    roles: ['admin'],
    open: openTab('Audit log'),
  },
  { name: '/blog', path: '/blog', roles: SIGNED_IN, primary: SCREEN_TEXTS.writePost },
  { name: '/service-hours (log)', path: '/service-hours', roles: SIGNED_IN },
  {
    name: '/service-hours (my hours)',
    path: '/service-hours',
    roles: SIGNED_IN,
    open: openTab(SCREEN_TEXTS.myHoursTab),
  },
  { name: '/supervisor', path: '/supervisor', roles: SIGNED_IN },
];

const tokens = readKitTokens();

// One student per worker, with something on every signed-in screen: an opportunity they signed
// up for, a blog post and a pending hours entry (the empty states are covered elsewhere).
let student: { username: string; password: string } | undefined;
async function seededStudent(browser: Browser): Promise<{ username: string; password: string }> {
  if (student) return student;
  const context = await browser.newContext({ baseURL: runEnv.baseUrl });
  const api = context.request;
  const admin = await browser.newContext({ baseURL: runEnv.baseUrl });
  expect((await admin.request.post('/api/login', { data: runEnv.admin })).status()).toBe(200);
  // What people type: a long unbroken word (a pasted link) must wrap, never widen a phone page.
  const unbroken = await admin.request.post('/api/opportunities', {
    data: {
      title: 'Visual check: Supercalifragilisticexpialidocious-readathon-fundraiser-2026',
      description:
        'Sign up at https://district.example.org/volunteer/readathon-fundraiser-registration',
      location: 'Library-annex-room-B12-behind-the-gymnasium-entrance',
      date: new Date(Date.now() + 8 * 86_400_000).toISOString(),
      spaces: 5,
    },
  });
  expect(unbroken.status(), await unbroken.text()).toBe(201);
  // Enough cards that some start below the fold on a phone: off-screen cards skip layout
  // (content-visibility) and must not be guessed wider than the page.
  for (let day = 9; day <= 12; day += 1) {
    const more = await admin.request.post('/api/opportunities', {
      data: {
        title: `Visual check: food bank shift ${day}`,
        description: 'Sort donations and pack boxes for families.',
        location: 'Second Harvest warehouse',
        date: new Date(Date.now() + day * 86_400_000).toISOString(),
        spaces: 6,
      },
    });
    expect(more.status(), await more.text()).toBe(201);
  }
  const created = await admin.request.post('/api/opportunities', {
    data: {
      title: 'Visual check: riverbank clean-up with the environmental science club',
      description: 'Pick up litter along the riverbank and sort recyclables for the county.',
      location: 'Bayou St. John, near the Dumaine Street footbridge',
      date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      spaces: 12,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await admin.close();
  const user = await registerUser(api, { name: `Visual Check ${Date.now().toString(36)}` });
  const signup = await api.post(`/api/opportunities/${id}/signup`);
  expect(signup.ok(), await signup.text()).toBe(true);
  expect(
    (
      await api.post('/api/blog-posts', {
        data: {
          title: 'Our first riverbank clean-up',
          content:
            'On Saturday the science club spent the morning on the riverbank picking up litter.\n\n' +
            'We filled forty bags, sorted the recyclables and are going back next month.',
        },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await api.post('/api/service-hours', {
        data: { hours: 2, date: '2026-03-01', description: 'Riverbank clean-up.' },
      })
    ).status(),
  ).toBe(201);
  await context.close();
  student = { username: user.username, password: user.password };
  return student;
}

async function signedInPage(browser: Browser, role: Role, viewport: ViewportName): Promise<Page> {
  const context = await browser.newContext({
    baseURL: runEnv.baseUrl,
    viewport: VIEWPORTS[viewport],
  });
  const page = await context.newPage();
  if (role !== 'signed-out') {
    const account =
      role === 'student'
        ? await seededStudent(browser)
        : role === 'admin'
          ? runEnv.admin
          : runEnv.supervisor;
    expect((await page.request.post('/api/login', { data: account })).status()).toBe(200);
  }
  return page;
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  // Remote areas show a spinner while their chunk and data load.
  await expect(page.locator('.ui-spinner:visible')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

for (const role of ['signed-out', ...SIGNED_IN] as Role[]) {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    test(`every screen ${role} at ${viewport} width looks styled, fits, shows focus and passes axe`, async ({
      browser,
    }) => {
      test.setTimeout(240_000);
      const page = await signedInPage(browser, role, viewport);
      for (const screen of SCREENS.filter((s) => s.roles.includes(role))) {
        await test.step(screen.name, async () => {
          await page.goto(screen.path);
          await settle(page);
          await screen.open?.(page);
          await settle(page);
          const primary =
            typeof screen.primary === 'string' ? screen.primary : screen.primary?.[role];
          const where = `${screen.name} ${role} at ${viewport}`;
          expect
            .soft(
              await visualFindings(page, { tokens, phone: viewport === 'phone', primary }),
              `what a person sees on ${where}`,
            )
            .toEqual([]);
          const stops = await walkTabStops(page);
          expect.soft(stops.length, `tab stops on ${where}`).toBeGreaterThan(0);
          expect
            .soft(
              stops.filter((s) => s.problem).map((s) => `${s.description}: ${s.problem}`),
              `keyboard focus on ${where}`,
            )
            .toEqual([]);
          expect.soft(await a11yViolations(page), `axe on ${where}`).toEqual([]);
        });
      }
      await page.context().close();
    });
  }
}
