// Issue 20 "Guardian consent under 13" in Chromium through the gateway: an admin turns guardian
// mode on, a grade-6 student registers with a date of birth under 13 and is limited (banner,
// cannot post), the guardian's real mail link consents, and the limits are gone.
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CONSENT_MESSAGES } from '@district/contracts';
import {
  expectNoA11yViolations,
  linkFrom,
  readMail,
  runEnv,
  uniqueUser,
} from '../support/index.ts';

const POST = {
  title: 'Our first planting day',
  content:
    'We planted twelve trees by the levee with the garden club. Everyone brought gloves and water, and we finished before noon.',
};
const tag = () => randomBytes(3).toString('hex');
const elevenYearsAgo = () => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - 11);
  return d.toISOString().slice(0, 10);
};

async function setConsentMode(admin: APIRequestContext, consentMode: 'school' | 'guardian') {
  const res = await admin.patch('/api/privacy/settings', { data: { consentMode } });
  expect(res.status(), await res.text()).toBe(200);
}

test('guardian mode: an under-13 student is limited until the guardian consents by mail', async ({
  browser,
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await admin.post('/api/login', { data: runEnv.admin })).ok()).toBe(true);
  const context = await browser.newContext();
  const page = await context.newPage();
  const t = tag();
  const name = `Cleo Child ${t}`;
  const guardianEmail = `guardian_${t}@example.test`;
  const since = new Date();
  try {
    await setConsentMode(admin, 'guardian');
    try {
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Register' }).click();
      // The form asks for a date of birth and a guardian's address in this mode.
      await expect(page.getByLabel('Date of Birth')).toBeVisible();
      await page.getByLabel('Username').fill(`cleo_${t}`);
      await page.getByLabel('Password').fill(`pw-${randomBytes(6).toString('hex')}`);
      await page.getByLabel('Full Name').fill(name);
      await page.getByLabel('Email', { exact: true }).fill(`cleo_${t}@example.test`);
      await page.getByRole('combobox', { name: 'School' }).click();
      await page.getByRole('option', { name: 'Jesuit High School' }).click();
      await page.getByLabel('Grade').fill('6');
      await page.getByLabel('Date of Birth').fill(elevenYearsAgo());
      await page.getByLabel(/Parent or Guardian Email/).fill(guardianEmail);
      await page.getByRole('button', { name: 'Register' }).click();
      // Limited: the banner says why and what the guardian must do.
      await expect(page.getByRole('heading', { name: CONSENT_MESSAGES.bannerTitle })).toBeVisible();
    } finally {
      // Other journeys register students in school mode.
      await setConsentMode(admin, 'school');
    }
    await expectNoA11yViolations(page);

    // Cannot post on the blog.
    const refused = await page.request.post('/api/blog-posts', {
      data: POST,
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain(CONSENT_MESSAGES.restrictedBlog);
    // And /blog says so instead of offering a form it cannot send (issue 33.11).
    await page.goto('/blog');
    const write = page.getByRole('button', { name: 'Write a Post' });
    await expect(write).toBeDisabled();
    await expect(write).toHaveAccessibleDescription(CONSENT_MESSAGES.restrictedBlog);
    await expect(page.getByText(CONSENT_MESSAGES.restrictedBlog)).toBeVisible();
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: test.info().outputPath(`blog-limited-${width}.png`) });
    }

    // The guardian opens the real mail's link, signed out, and consents.
    const mail = await readMail(guardianEmail, { since });
    const guardian = await browser.newContext();
    const consentPage = await guardian.newPage();
    await consentPage.goto(linkFrom(mail, '/guardian-consent/'));
    await expect(consentPage.getByRole('heading', { name: `Consent for ${name}` })).toBeVisible();
    await expect(consentPage.getByText('What the platform keeps')).toBeVisible();
    await expectNoA11yViolations(consentPage);
    await consentPage.getByRole('button', { name: 'I consent' }).click();
    await expect(consentPage.getByText('Your consent is recorded.')).toBeVisible();
    await guardian.close();

    // Not limited any more: no banner, and the blog takes the post.
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'Welcome' }).or(page.locator('main')),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: CONSENT_MESSAGES.bannerTitle })).toHaveCount(0);
    const posted = await page.request.post('/api/blog-posts', {
      data: POST,
    });
    expect(posted.status(), await posted.text()).toBe(201);
  } finally {
    await setConsentMode(admin, 'school').catch(() => undefined);
    await context.close();
    await admin.dispose();
  }
});

// Issue 20 gaps: the admin switches the consent mode through the directory's "District settings"
// tab (with its confirmation), then finds the waiting student under "Pending consents" with the
// guardian's address and resends the mail once.
test('admin screen: switching the consent mode and resending a pending consent mail', async ({
  browser,
  playwright,
}) => {
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext();
  const page = await context.newPage();
  const student = await playwright.request.newContext({ baseURL });
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/login', { data: runEnv.admin })).ok()).toBe(true);
  const t = tag();
  const guardianEmail = `guardian_${t}@example.test`;
  const child = uniqueUser({ grade: 6, school: 'Jesuit High School', name: `Dana Child ${t}` });
  try {
    expect((await page.request.post('/api/login', { data: runEnv.admin })).ok()).toBe(true);
    await page.goto('/directory');
    await page.getByRole('tab', { name: 'District settings' }).click();
    const school = page.getByRole('radio', { name: 'The school district' });
    const guardian = page.getByRole('radio', { name: 'A parent or guardian, under 13' });
    await expect(school).toBeChecked();
    await expectNoA11yViolations(page);

    // Keyboard: the arrow key moves to the guardian choice, which asks first.
    await school.focus();
    await page.keyboard.press('ArrowDown');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Ask guardians to consent?');
    await dialog.getByRole('button', { name: 'Switch' }).click();
    await expect(guardian).toBeChecked();
    const saved = await admin.get('/api/privacy/settings');
    expect(((await saved.json()) as { consentMode: string }).consentMode).toBe('guardian');

    // A student under 13 registers and waits for the guardian.
    const registered = await student.post('/api/register', {
      data: { ...child, dateOfBirth: elevenYearsAgo(), guardianEmail },
    });
    expect(registered.ok(), await registered.text()).toBe(true);

    await page.getByRole('tab', { name: 'Pending consents' }).click();
    const row = page.getByRole('row', { name: new RegExp(child.name) });
    await expect(row).toContainText(guardianEmail);
    await expect(row).toContainText('1 of 3');
    await expectNoA11yViolations(page);
    await row.getByRole('button', { name: `Resend the consent e-mail for ${child.name}` }).click();
    await expect(row).toContainText('2 of 3');
  } finally {
    // Other journeys register students in school mode.
    await setConsentMode(admin, 'school').catch(() => undefined);
    await context.close();
    await student.dispose();
    await admin.dispose();
  }
});
