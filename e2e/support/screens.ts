// The screens of SPEC §2 for the checks that visit every one (visual.spec.ts, reflow.spec.ts):
// which roles see each, its h1 and primary action in the one table of texts (language.ts), how to
// bring it into the state to look at, and a page signed in as each role over seeded data.
import { expect, type Browser, type Page } from '@playwright/test';
import { textIn, type Language, type TextName } from './language.ts';
import { runEnv } from './run-env.ts';
import { registerUser } from './users.ts';

export type Role = 'signed-out' | 'student' | 'supervisor' | 'admin';
export const SIGNED_IN: Role[] = ['student', 'supervisor', 'admin'];

export interface Screen {
  name: string;
  path: string;
  roles: Role[];
  // The screen's h1 (from the one table of texts in support/language.ts), per role where it differs.
  heading: TextName | Partial<Record<Role, TextName>>;
  // Brings the screen into the state to look at (a tab), after the page has loaded.
  open?: (page: Page, language: Language) => Promise<void>;
  // The screen's primary action, where it has one for that role.
  primary?: TextName | Partial<Record<Role, TextName>>;
}

// A tab by its place (the same in every language), then its name in the language in use, softly:
// an area text not in Spanish yet is reported and the screen is still checked.
const openTab =
  (name: TextName, index: number) =>
  async (page: Page, language: Language): Promise<void> => {
    const tab = page.getByRole('tab').nth(index);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect.soft(tab, `the ${name} tab in ${language}`).toHaveText(textIn(name, language));
  };

export const forRole = (value: Screen['heading'] | undefined, role: Role): TextName | undefined =>
  typeof value === 'string' ? value : value?.[role];

// SPEC §2 route table and README "Screens"; the admin-only views are tabs of those routes.
export const SCREENS: Screen[] = [
  {
    name: '/auth (Login tab)',
    path: '/auth',
    roles: ['signed-out'],
    heading: 'welcome',
    primary: 'loginButton',
  },
  {
    name: '/auth (Register tab)',
    path: '/auth',
    roles: ['signed-out'],
    heading: 'welcome',
    open: async (page, language) => {
      await openTab('registerTab', 1)(page, language);
      await expect(page.locator('form button[type="submit"]')).toBeVisible();
    },
    primary: 'registerButton',
  },
  {
    name: '/login',
    path: '/login',
    roles: ['signed-out'],
    heading: 'welcome',
    primary: 'loginButton',
  },
  {
    name: '/forgot-password',
    path: '/forgot-password',
    roles: ['signed-out'],
    heading: 'forgotPasswordTitle',
    primary: 'sendResetLink',
  },
  {
    name: '/reset-password without a token',
    path: '/reset-password',
    roles: ['signed-out'],
    heading: 'invalidResetLink',
    primary: 'requestNewLink',
  },
  {
    name: '/reset-password with a token',
    path: '/reset-password?token=visual-check-token',
    roles: ['signed-out'],
    heading: 'setNewPassword',
    primary: 'resetPasswordButton',
  },
  { name: '404', path: '/no-such-page', roles: ['signed-out', ...SIGNED_IN], heading: 'notFound' },
  { name: '/', path: '/', roles: SIGNED_IN, heading: 'landing', primary: 'browseOpportunities' },
  {
    name: '/volunteer (active)',
    path: '/volunteer',
    roles: SIGNED_IN,
    heading: 'volunteerTitle',
    primary: { admin: 'createOpportunity' },
  },
  {
    name: '/volunteer (past events)',
    path: '/volunteer',
    roles: SIGNED_IN,
    heading: 'volunteerTitle',
    open: openTab('pastEventsTab', 1),
  },
  { name: '/directory', path: '/directory', roles: SIGNED_IN, heading: 'directoryTitle' },
  // Issue 33: the person's own account (README "Screens").
  { name: '/account', path: '/account', roles: SIGNED_IN, heading: 'myAccountTitle' },
  {
    name: '/directory (audit log)',
    path: '/directory',
    roles: ['admin'],
    heading: 'directoryTitle',
    open: openTab('auditLogTab', 1),
  },
  { name: '/blog', path: '/blog', roles: SIGNED_IN, heading: 'blogTitle', primary: 'writePost' },
  {
    name: '/service-hours (log)',
    path: '/service-hours',
    roles: SIGNED_IN,
    heading: 'serviceHoursTitle',
  },
  {
    name: '/service-hours (my hours)',
    path: '/service-hours',
    roles: SIGNED_IN,
    heading: 'serviceHoursTitle',
    open: openTab('myHoursTab', 1),
  },
  {
    name: '/supervisor',
    path: '/supervisor',
    roles: SIGNED_IN,
    heading: { student: 'accessDenied', supervisor: 'supervisorTitle', admin: 'supervisorTitle' },
  },
];

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

export async function signedInPage(
  browser: Browser,
  role: Role,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: runEnv.baseUrl,
    viewport,
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

export async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  // Remote areas show a spinner while their chunk and data load.
  await expect(page.locator('.ui-spinner:visible')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
