// Issue 18, the waitlist journey through the gateway in real Chromium: an opportunity with one
// space is full, a second student joins its waitlist, the holder withdraws, and the waiting
// student is signed up automatically: a toast within a second, the card turns signed up, and the
// promotion mail lands in the sink.
import { randomBytes } from 'node:crypto';
import { SCREEN_TEXTS } from '@district/contracts';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoA11yViolations, readMail, registerUser, runEnv } from '../support/index.ts';

const STREAM = '/api/notifications/stream';
const created: number[] = [];

async function signedInAdmin(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.request.post('/api/login', { data: runEnv.admin });
  expect(res.ok(), `admin login answered ${res.status()}`).toBe(true);
  return { context, page };
}

test.afterAll(async ({ browser }) => {
  if (created.length === 0) return;
  const admin = await signedInAdmin(browser);
  try {
    for (const id of created.splice(0)) await admin.page.request.delete(`/api/opportunities/${id}`);
  } finally {
    await admin.context.close();
  }
});

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

test.describe.configure({ timeout: 90_000 });

test('full → join the waitlist → the holder withdraws → promoted: toast, signed-up card, mail', async ({
  browser,
}) => {
  const title = `Levee planting ${randomBytes(3).toString('hex')}`;
  const admin = await signedInAdmin(browser);
  const res = await admin.page.request.post('/api/opportunities', {
    data: {
      title,
      description: 'Plant marsh grass along the levee with the parish crew.',
      location: 'Westwego',
      date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      spaces: 1,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const opportunityId = ((await res.json()) as { id: number }).id;
  created.push(opportunityId);
  await admin.context.close();

  // The holder takes the only space.
  const holderContext = await browser.newContext();
  const holder = await holderContext.newPage();
  await registerUser(holder);
  expect((await holder.request.post(`/api/opportunities/${opportunityId}/signup`)).status()).toBe(
    201,
  );

  // Student B sees the full card with the waitlist beside the spec's disabled button.
  const context = await browser.newContext();
  const page = await context.newPage();
  const student = await registerUser(page);
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === STREAM);
  // By its address: other journeys' events may fill the first cards of the list.
  await page.goto(`/volunteer#opportunity-${opportunityId}`);
  expect((await stream).status()).toBe(200);
  const mine = card(page, title);
  await expect(mine.getByRole('button', { name: SCREEN_TEXTS.full })).toBeDisabled();
  await mine.getByRole('button', { name: SCREEN_TEXTS.joinWaitlist }).click();
  await expect(mine.getByText('You are #1 on the waitlist')).toBeVisible();
  await expect(mine.getByRole('button', { name: SCREEN_TEXTS.leaveWaitlist })).toBeEnabled();
  await expect(mine.getByRole('button', { name: SCREEN_TEXTS.full })).toBeDisabled();
  // The card (the new part of this screen); the "joined" toast may still be sliding in.
  await expectNoA11yViolations(page, { include: `#opportunity-${opportunityId}` });

  // Time passes: the "joined" toast is gone (a notification waits for a toast the user is reading).
  const region = page.getByRole('region', { name: /Notifications/ });
  await region.getByRole('button', { name: 'Close' }).click();
  await expect(region.locator('li')).toHaveCount(0);

  // The holder withdraws: B is signed up in that transaction and told.
  const since = new Date();
  const started = Date.now();
  expect((await holder.request.delete(`/api/opportunities/${opportunityId}/signup`)).status()).toBe(
    200,
  );
  const toast = region.locator('li').filter({ hasText: `You're signed up: ${title}` });
  await expect(toast).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - started, 'the promotion toast took longer than a second').toBeLessThan(1_000);

  await expect(mine.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await expect(mine.getByText('Signed up', { exact: true })).toBeVisible();
  await expect(mine.getByText('You are #1 on the waitlist')).toHaveCount(0);

  const mail = await readMail(student.email, { since, subject: `You're signed up: ${title}` });
  expect(mail.text).toContain('next on the waitlist');
  expect(mail.text).toContain('/volunteer');

  await holderContext.close();
  await context.close();
});
