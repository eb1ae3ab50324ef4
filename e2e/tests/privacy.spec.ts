// Issue 20 in Chromium through the gateway: a student hides themselves from other students (the
// directory and sign-up lists), downloads everything the platform holds about them, and deletes
// their account with their password.
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Opportunity } from '@district/contracts';
import {
  expectNoA11yViolations,
  registerUser,
  runEnv,
  type RegisteredUser,
} from '../support/index.ts';

const tag = () => randomBytes(3).toString('hex');
const today = () => new Date().toISOString().slice(0, 10);

async function studentPage(browser: Browser, overrides: Parameters<typeof registerUser>[1] = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await registerUser(page, overrides);
  return { page, user, close: () => context.close() };
}

async function createOpportunity(browser: Browser, title: string): Promise<Opportunity> {
  const context = await browser.newContext();
  const login = await context.request.post('/api/login', { data: runEnv.admin });
  expect(login.ok()).toBe(true);
  const created = await context.request.post('/api/opportunities', {
    data: {
      title,
      description: 'Gloves and bags provided',
      location: 'Harahan',
      date: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
      spaces: 5,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const opportunity = (await created.json()) as Opportunity;
  await context.close();
  return opportunity;
}

// Issue 33: the privacy switch, the data download and the deletion live on "My account", which
// the header's user menu (the welcome line) opens.
async function openAccount(page: Page) {
  await page.goto('/');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Welcome,/ })
    .click();
  await page.getByRole('banner').getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  return page.getByRole('main');
}

async function searchDirectory(page: Page, text: string) {
  await page.goto('/directory');
  await page.getByRole('searchbox').fill(text);
}

const directoryCard = (page: Page, user: RegisteredUser) =>
  page.locator('.dir').getByRole('listitem').filter({ hasText: user.name });

test("a student hides themselves: another student's directory and sign-up list no longer show them", async ({
  browser,
}) => {
  const title = `Levee walk ${tag()}`;
  const opportunity = await createOpportunity(browser, title);
  const hider = await studentPage(browser, {
    name: `Hana Hider ${tag()}`,
    school: 'Jesuit High School',
  });
  const peer = await studentPage(browser, { name: `Pete Peer ${tag()}` });
  try {
    for (const person of [hider, peer]) {
      const res = await person.page.request.post(`/api/opportunities/${opportunity.id}/signup`);
      expect(res.status()).toBe(201);
    }

    // Before: the peer finds them in the directory and by name on the sign-up list.
    await searchDirectory(peer.page, hider.user.name);
    await expect(directoryCard(peer.page, hider.user)).toBeVisible();

    // The student turns the switch off on My account; the line says what that means.
    const account = await openAccount(hider.page);
    const choice = account.getByRole('switch', { name: 'Show me to other students' });
    await expect(choice).toBeChecked();
    await choice.click();
    await expect(choice).not.toBeChecked();
    await expect(account).toContainText(
      'Other students don\'t see you in the directory, and sign-up lists show "A student from Jesuit High School". Admins and supervisors still see you.',
    );
    await expectNoA11yViolations(hider.page, { include: 'main' });

    // The peer's directory leaves them out; the totals still count them.
    await searchDirectory(peer.page, hider.user.name);
    await expect(peer.page.getByText(/^No students match/)).toBeVisible();
    await expect(directoryCard(peer.page, hider.user)).toHaveCount(0);

    // The peer's sign-up list shows "A student from <school>" instead of the name.
    await peer.page.goto('/volunteer');
    await peer.page.getByRole('searchbox', { name: 'Search opportunities' }).fill(title);
    const card = peer.page.getByRole('article', { name: title });
    await expect(card.getByRole('listitem')).toHaveText([
      'A student from Jesuit High School',
      `${peer.user.name} from ${peer.user.school}`,
    ]);
    await expect(card).not.toContainText(hider.user.name);

    // The student still sees themselves.
    await searchDirectory(hider.page, hider.user.name);
    await expect(directoryCard(hider.page, hider.user)).toBeVisible();
  } finally {
    await hider.close();
    await peer.close();
  }
});

test('a student downloads everything the platform holds about them, from every service', async ({
  browser,
}) => {
  const title = `Food bank ${tag()}`;
  const opportunity = await createOpportunity(browser, title);
  const student = await studentPage(browser);
  try {
    const request = student.page.request;
    expect((await request.post(`/api/opportunities/${opportunity.id}/signup`)).status()).toBe(201);
    const logged = await request.post('/api/service-hours', {
      data: { hours: 2, date: today(), description: 'Sorted donations' },
    });
    expect(logged.status(), await logged.text()).toBe(201);
    const postTitle = `My week ${tag()}`;
    const posted = await request.post('/api/blog-posts', {
      data: {
        title: postTitle,
        content:
          'We sorted cans and packed boxes for families across the parish all afternoon, then ' +
          'loaded the truck for the Saturday pantry and swept the hall before we went home.',
      },
    });
    expect(posted.status(), await posted.text()).toBeLessThan(300);

    const res = await request.get('/api/user/export');
    expect(res.status(), await res.text()).toBe(200);
    expect(res.headers()['content-disposition']).toContain('attachment');
    const data = (await res.json()) as {
      profile: Record<string, unknown>;
      consent: unknown;
      services: Record<string, Record<string, unknown[]>>;
    };
    expect(data.profile).toMatchObject({
      id: student.user.id,
      username: student.user.username,
      email: student.user.email,
    });
    expect(data.consent).toEqual({ mode: 'school', guardian: null });
    expect(data.services['svc-volunteer'].signups).toEqual([
      expect.objectContaining({
        userId: student.user.id,
        opportunity: expect.objectContaining({ title }),
      }),
    ]);
    expect(data.services['svc-hours'].serviceHours).toEqual([
      expect.objectContaining({ userId: student.user.id, description: 'Sorted donations' }),
    ]);
    expect(data.services['svc-content'].blogPosts).toEqual([
      expect.objectContaining({ authorId: student.user.id, title: postTitle }),
    ]);
  } finally {
    await student.close();
  }
});

test('"Delete my account" asks for the password and removes the account', async ({ browser }) => {
  const student = await studentPage(browser);
  try {
    const account = await openAccount(student.page);
    await account.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await account.getByLabel('Password').fill('not my password');
    await account.getByRole('button', { name: 'Delete my account permanently' }).click();
    await expect(account).toContainText('That password is not correct');
    await account.getByLabel('Password').fill(student.user.password);
    await account.getByRole('button', { name: 'Delete my account permanently' }).click();
    await expect(student.page).toHaveURL(/\/auth$/);
    const login = await student.page.request.post('/api/login', {
      data: { username: student.user.username, password: student.user.password },
    });
    expect(login.status()).toBe(401);
  } finally {
    await student.close();
  }
});
