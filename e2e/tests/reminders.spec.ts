// Issue 18: a student who signs up for an event starting tomorrow gets the day-before reminder by
// e-mail (svc-volunteer's delayed job → notification.requested → svc-auth → the mail sink). The
// global setup sets the lead 30 s short of a day, so the job fires within seconds here.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { readMail, registerUser, runEnv } from '../support/index.ts';

test('a student signed up for tomorrow’s event gets the reminder e-mail with its title and time', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const title = `Levee Cleanup ${randomBytes(3).toString('hex')}`;
  // Starts in 24 h: the day-before e-mail falls due 30 s from now.
  const start = new Date(Date.now() + 24 * 3600_000);

  const adminContext = await browser.newContext();
  const login = await adminContext.request.post('/api/login', { data: runEnv.admin });
  expect(login.ok()).toBe(true);
  const created = await adminContext.request.post('/api/opportunities', {
    data: {
      title,
      description: 'Pick up litter along the levee trail.',
      location: 'Bucktown Levee',
      date: start.toISOString(),
      spaces: 5,
    },
  });
  expect(created.status()).toBe(201);
  await adminContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  const student = await registerUser(page);
  const since = new Date();
  await page.goto('/volunteer');
  await page.getByRole('searchbox', { name: 'Search opportunities' }).fill(title);
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Sign Up' }).click();
  await expect(card.getByRole('button', { name: 'Withdraw' })).toBeVisible();

  const mail = await readMail(student.email, {
    since,
    subject: `Tomorrow: ${title}`,
    timeoutMs: 60_000,
  });
  // The time as the district reads it (America/Chicago, svc-volunteer's default zone).
  const district = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', ...options }).format(start);
  const day = district({ weekday: 'long', month: 'long', day: 'numeric' });
  const time = district({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  expect(mail.text).toContain(`Hello ${student.name},`);
  expect(mail.text).toContain(`${title} starts on ${day} at ${time} at Bucktown Levee.`);
  expect(mail.text).toContain(`${new URL(page.url()).origin}/volunteer`);
  await context.close();
});
