// The platform's own journeys (issue 2), through the gateway in Chromium: registering, signing in
// and out, the route guards, a forgotten password reset from the real e-mail, the profile picture,
// the 404 screen, and a remote that is down while the rest of the app keeps working.
import { expect, test, type Page } from '@playwright/test';
import {
  expectNoA11yViolations,
  linkFrom,
  readMail,
  registerUser,
  uniqueUser,
} from '../support/index.ts';

// A valid 1×1 PNG: the server re-encodes it, so its size and colour do not matter.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

test('register, the home page greets by name, logout, then login again', async ({ page }) => {
  const user = uniqueUser({ school: 'Jesuit High School', grade: 11 });
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  // Field errors show before any request is made.
  await form.getByLabel('Email').fill('not-an-address');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByText('Invalid email address')).toBeVisible();
  await expectNoA11yViolations(page);

  await form.getByLabel('Username').fill(user.username);
  await form.getByLabel('Password').fill(user.password);
  await form.getByLabel('Full Name').fill(user.name);
  await form.getByLabel('Email').fill(user.email);
  await form.getByRole('combobox', { name: 'School' }).click();
  await page.getByRole('option', { name: user.school }).click();
  await form.getByLabel('Grade').fill(String(user.grade));
  await form.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();
  for (const card of ['Find Opportunities', 'Connect with Others', 'Share Your Story']) {
    await expect(page.getByText(card, { exact: true })).toBeVisible();
  }
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect((await page.request.get('/api/user')).status()).toBe(401);

  await signIn(page, user.username, user.password);
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();
});

test('the route guards: /auth signed in goes home, a protected page signed out goes to /auth', async ({
  page,
}) => {
  // A signed-out visit logs nothing in red: the shell's session check is not a failed request
  // (issue 33.11).
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto('/directory');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(consoleErrors).toEqual([]);
  await registerUser(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});

test('forgot password: the mailed link sets a new password, the old one and old sessions stop working', async ({
  page,
  browser,
}) => {
  const user = await registerUser(page.request);
  // A session elsewhere that the reset must end.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signIn(other, user.username, user.password);
  await expect(other.getByText(`Welcome, ${user.name}`)).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/forgot-password');
  const asked = new Date();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expectNoA11yViolations(page);

  const mail = await readMail(user.email, { since: asked });
  const link = new URL(linkFrom(mail, '/reset-password'));
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('a-brand-new-password');
  await page.getByLabel('Confirm Password').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful!' })).toBeVisible();

  expect((await other.request.get('/api/user')).status()).toBe(401);
  await elsewhere.close();
  const old = await page.request.post('/api/login', {
    data: { username: user.username, password: user.password },
  });
  expect(old.status()).toBe(401);
  await signIn(page, user.username, 'a-brand-new-password');
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();
});

test('a reset link without a token says the link is invalid', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the profile picture: an image is taken and shown; 6 MB and a text file named .png are refused', async ({
  page,
}) => {
  const user = await registerUser(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Change profile picture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change profile picture' });
  const picture = dialog.getByLabel('Picture');

  await picture.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(6 * 1024 * 1024, 1),
  });
  await expect(dialog.getByText('File size must be less than 5MB')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();

  // The browser calls it image/png from its name; only the server's look at the bytes refuses it.
  await picture.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are my notes, not a picture\n'.repeat(20)),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Please select an image file')).toBeVisible();
  expect(
    ((await (await page.request.get('/api/user')).json()) as { avatarUrl: unknown }).avatarUrl,
  ).toBeFalsy();
  await expectNoA11yViolations(page);

  await picture.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(
    page.getByText('Profile picture updated successfully', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  const me = (await (await page.request.get('/api/user')).json()) as { avatarUrl: string };
  expect(me.avatarUrl).toMatch(/^\/api\/avatars\/.+\.webp$/);
  const image = page.locator('.app-header__avatar img');
  await expect(image).toHaveAttribute('src', me.avatarUrl);
  const served = await page.request.get(me.avatarUrl);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(user.id).toBeGreaterThan(0);
});

test('an unknown path shows the 404 screen', async ({ page }) => {
  await registerUser(page);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a remote that is down shows its fallback with Retry while home keeps working', async ({
  page,
}) => {
  await registerUser(page);
  let down = true;
  await page.route('**/mf/blog/**', (route) => (down ? route.abort() : route.continue()));
  await page.goto('/blog');
  await expect(page.getByText('This section could not be loaded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page.getByText('Find Opportunities', { exact: true })).toBeVisible();

  // Back up: Retry on the area loads it in place.
  await page.goto('/blog');
  await expect(page.getByText('This section could not be loaded')).toBeVisible();
  down = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Student Blog Posts' })).toBeVisible();
});
