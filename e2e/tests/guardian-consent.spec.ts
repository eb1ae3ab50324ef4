// Issue 20 "Guardian consent under 13" in Chromium through the gateway: an admin turns guardian
// mode on, a grade-6 student registers with a date of birth under 13 and is limited (banner,
// cannot post), the guardian's real mail link consents, and the limits are gone.
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CONSENT_MESSAGES } from '@district/contracts';
import { expectNoA11yViolations, linkFrom, readMail, runEnv } from '../support/index.ts';

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
