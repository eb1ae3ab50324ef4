// Proves the harness: the platform answers through nginx, the shell renders the sign-in screen
// and passes the accessibility gate, and the helpers reach the run's users and mail.
import { expect, test } from '@playwright/test';
import {
  expectNoA11yViolations,
  linkFrom,
  readMail,
  registerUser,
  runEnv,
} from '../support/index.ts';

test('the sign-in screen loads through the gateway and passes axe', async ({ page }) => {
  const response = await page.goto('/auth');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Register' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the gateway serves the runtime remote config for all four areas', async ({ request }) => {
  const response = await request.get('/config/remotes.json');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { remotes: Array<{ name: string; entry: string }> };
  expect(body.remotes.map((r) => r.name).sort()).toEqual([
    'mf_blog',
    'mf_directory',
    'mf_hours',
    'mf_volunteer',
  ]);
});

test("a registered user's reset mail lands in this run's mail folder with a link to this gateway", async ({
  request,
}) => {
  const user = await registerUser(request);
  const me = await request.get('/api/user');
  expect(((await me.json()) as { name: string }).name).toBe(user.name);

  const asked = new Date();
  const reset = await request.post('/api/password-reset/request', { data: { email: user.email } });
  expect(reset.ok()).toBe(true);
  const mail = await readMail(user.email, { since: asked });
  const link = new URL(linkFrom(mail, '/reset-password'));
  expect(link.origin).toBe(new URL(runEnv.baseUrl).origin);
  expect(link.searchParams.get('token')).toBeTruthy();
});
