// The platform's main journeys with the keyboard alone (issue 22, WCAG 2.1.1, 2.1.2, 2.4.3,
// 2.4.7): sign in, register, sign up for an opportunity, log hours and have a supervisor approve
// them, write a post, change the profile picture. No mouse anywhere: every control is reached
// with Tab, every stop shows its focus ring, a dialog gives the focus back to the control that
// opened it when it closes, and Tab always finds its way out and round the page (no trap).
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SCREEN_TEXTS } from '@district/contracts';
import {
  expectFocusVisible,
  expectNoKeyboardTrap,
  registerUser,
  runEnv,
  tabTo,
  uniqueUser,
  type RegisteredUser,
} from '../support/index.ts';

// A 1×1 PNG, enough for the server to take it as a picture.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: runEnv.baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  return context.newPage();
}

async function signedInAs(
  browser: Browser,
  account: { username: string; password: string },
): Promise<Page> {
  const page = await newPage(browser);
  expect((await page.request.post('/api/login', { data: account })).status()).toBe(200);
  return page;
}

// Types into the focused field, replacing what it holds.
async function typeHere(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

test('sign in with the keyboard, then Tab goes round the signed-in page without a trap', async ({
  browser,
}) => {
  const api = await browser.newContext({ baseURL: runEnv.baseUrl });
  const user = await registerUser(api.request);
  await api.close();
  const page = await newPage(browser);
  await page.goto('/auth');
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type(user.username);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Skip to content' }));
  await expectNoKeyboardTrap(page);
  await page.context().close();
});

test('register with the keyboard: the tabs by arrow keys, the school picked from its list', async ({
  browser,
}) => {
  const user = uniqueUser({ grade: 11 });
  const page = await newPage(browser);
  await page.goto('/auth');
  await tabTo(page, page.getByRole('tab', { name: 'Login' }));
  await page.keyboard.press('ArrowRight');
  const form = page.getByRole('form', { name: 'Register' });
  await expect(form).toBeVisible();
  for (const [label, value] of [
    ['Username', user.username],
    ['Password', user.password],
    ['Full Name', user.name],
    ['Email', user.email],
  ] as const) {
    await tabTo(page, form.getByLabel(label, { exact: true }));
    await page.keyboard.type(value);
  }
  const school = form.getByRole('combobox', { name: 'School' });
  await tabTo(page, school);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  // The list closes back onto its trigger, which now shows the choice.
  await expect(school).toBeFocused();
  await expect(school).not.toHaveText('');
  await expectFocusVisible(page, 'after picking a school');
  await tabTo(page, form.getByLabel('Grade', { exact: true }));
  await typeHere(page, String(user.grade));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();
  await page.context().close();
});

test('sign up for an opportunity with the keyboard: the focus stays on the card', async ({
  browser,
}) => {
  const admin = await browser.newContext({ baseURL: runEnv.baseUrl });
  expect((await admin.request.post('/api/login', { data: runEnv.admin })).status()).toBe(200);
  const title = `Keyboard sign-up ${randomBytes(3).toString('hex')}`;
  const created = await admin.request.post('/api/opportunities', {
    data: {
      title,
      description: 'Shelve returned books at the public library.',
      location: 'Main Library',
      date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      spaces: 3,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.close();

  const page = await newPage(browser);
  await registerUser(page);
  await page.goto('/volunteer');
  await expect(
    page.getByRole('heading', { level: 1, name: SCREEN_TEXTS.volunteerTitle }),
  ).toBeVisible();
  await tabTo(page, page.getByRole('searchbox', { name: 'Search opportunities' }));
  await page.keyboard.type(title);
  const card = page.getByRole('article', { name: title });
  await expect(card).toHaveCount(1);
  await tabTo(page, card.getByRole('button', { name: SCREEN_TEXTS.signUp }));
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  // Where the person was: on the card, not thrown back to the top of the page.
  await expect(card.locator(':focus')).toHaveCount(1);
  await expectFocusVisible(page, 'after signing up');
  await expectNoKeyboardTrap(page);
  await page.context().close();
});

test('log hours with the keyboard, and a supervisor approves them with the keyboard', async ({
  browser,
}) => {
  const student = await newPage(browser);
  const me: RegisteredUser = await registerUser(student);
  await student.goto('/service-hours');
  await tabTo(student, student.getByLabel('Hours', { exact: true }));
  await typeHere(student, '1.5');
  await tabTo(student, student.getByLabel('Description', { exact: true }));
  await student.keyboard.type('Read to first graders at the library, keyboard only.');
  await tabTo(student, student.getByRole('button', { name: 'Submit Hours' }));
  await student.keyboard.press('Enter');
  await expect(
    student.getByText(/Logged 1\.5 hours for .* It is pending approval\./),
  ).toBeVisible();
  await expectFocusVisible(student, 'after logging hours');
  await student.context().close();

  const supervisor = await signedInAs(browser, runEnv.supervisor);
  await supervisor.goto('/supervisor');
  const approve = supervisor.getByRole('button', { name: `Approve 1.5 hours by ${me.name}` });
  await expect(approve).toBeVisible();
  await tabTo(supervisor, approve, 400);
  await supervisor.keyboard.press('Enter');
  await expect(approve).toHaveCount(0);
  // The approved entry leaves the list: the focus must land on something, not on the page body.
  await expectFocusVisible(supervisor, 'after approving');
  await supervisor.context().close();
});

test('write a post with the keyboard: the dialog holds the focus, then gives it back to its opener', async ({
  browser,
}) => {
  const page = await newPage(browser);
  await registerUser(page);
  await page.goto('/blog');
  const opener = page.getByRole('button', { name: SCREEN_TEXTS.writePost });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: SCREEN_TEXTS.writePost });
  await expect(dialog).toBeVisible();
  // A modal keeps Tab inside it (the page behind is inert) and Escape is the way out.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await expectFocusVisible(page, 'inside the Write a Post dialog');
  }
  await tabTo(page, dialog.getByLabel('Title'));
  await typeHere(page, 'Reading buddies at the library');
  await tabTo(page, dialog.getByLabel('Content'));
  await page.keyboard.type(
    'Every Tuesday after school a group of us reads with first graders at the public library. ' +
      'It is the best hour of the week and they are getting faster every time.',
  );
  await tabTo(page, dialog.getByRole('button', { name: SCREEN_TEXTS.submitForReview }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expectFocusVisible(page, 'back on Write a Post');
  await page.context().close();
});

test('change the profile picture with the keyboard: the file picker opens from the keyboard, focus returns to the avatar', async ({
  browser,
}) => {
  const page = await newPage(browser);
  await registerUser(page);
  await page.goto('/');
  const opener = page.getByRole('button', { name: 'Change profile picture' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Change profile picture' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel('Picture'));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await tabTo(page, dialog.getByRole('button', { name: 'Upload' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByText('Profile picture updated successfully', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expectFocusVisible(page, 'back on the avatar');
  await page.context().close();
});
