// Issue 18: attendance becomes approved hours. An admin takes attendance on the roster, or a
// student checks in with the event's rotating code; either way the student's /service-hours
// shows the approved entry with the event's name.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoA11yViolations, registerUser, runEnv } from '../support/index.ts';

const checkA11y = (page: Page) => expectNoA11yViolations(page, { include: '#main' });

async function signIn(request: APIRequestContext, account: { username: string; password: string }) {
  const response = await request.post('/api/login', { data: account });
  expect(response.ok(), `login as ${account.username}: ${response.status()}`).toBe(true);
}

// An event starting in half an hour (unless told) and lasting two: inside the check-in window now.
async function createEvent(
  request: APIRequestContext,
  title: string,
  startsAt = Date.now() + 30 * 60_000,
): Promise<number> {
  const response = await request.post('/api/opportunities', {
    data: {
      title,
      description: 'Planting trees along the bayou trail.',
      location: 'Bayou St. John',
      date: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 2 * 3_600_000).toISOString(),
      spaces: 10,
    },
  });
  expect(response.ok(), `create: ${response.status()} ${await response.text()}`).toBe(true);
  return Number(((await response.json()) as { id: number }).id);
}

// The student's hours list, reloaded until the event's entry has arrived (an event hop away).
async function expectHoursEntry(student: Page, title: string, label: string) {
  await student.goto('/service-hours');
  await student.getByRole('tab', { name: 'My Hours' }).click();
  const entry = student.getByTestId('hours-entry').filter({ hasText: title });
  await expect(async () => {
    if ((await entry.count()) === 0) {
      await student.reload();
      await student.getByRole('tab', { name: 'My Hours' }).click();
    }
    await expect(entry).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(entry).toContainText('2 hours');
  await expect(entry).toContainText(label);
  await checkA11y(student);
}

// The admin (signed in, in a browser of their own) with a new event, and a new student signed
// up for it.
async function eventWithStudent(browser: Browser, titlePrefix: string) {
  const title = `${titlePrefix} ${Date.now().toString(36)}`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin.request, runEnv.admin);
  const id = await createEvent(admin.request, title);
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  const me = await registerUser(student);
  expect((await student.request.post(`/api/opportunities/${id}/signup`)).status()).toBe(201);
  const close = () => Promise.all([adminContext.close(), studentContext.close()]);
  return { title, id, admin, student, me, close };
}

test('an admin marks a student attended on the roster and the student sees approved hours', async ({
  browser,
}) => {
  const { title, id, admin, student, me, close } = await eventWithStudent(browser, 'Tree planting');

  await admin.goto(`/volunteer#opportunity-${id}`);
  const card = admin.getByRole('article', { name: title });
  await card.getByRole('button', { name: `Roster of ${title}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Roster: ${title}` });
  const row = dialog.getByTestId('roster-entry').filter({ hasText: me.name });
  await expect(row).toContainText('East Jefferson High School');
  await expect(row).toContainText('Not taken yet');
  await row.getByRole('button', { name: 'Attended' }).click();
  await expect(row).toContainText('Attended');
  await expect(row.getByRole('button', { name: 'Attended' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoA11yViolations(admin, { include: '[role="dialog"]' });

  // The QR view: a QR code and six digits.
  await dialog.getByRole('tab', { name: 'Check-in code' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code to check in' })).toBeVisible();
  await expect(dialog.getByTestId('check-in-code')).toHaveText(/^\d{6}$/);
  await expectNoA11yViolations(admin, { include: '[role="dialog"]' });

  await expectHoursEntry(student, title, 'Approved (attendance)');
  await close();
});

test('before check-in opens, the code tab says when it opens, not an error (issue 33.11)', async ({
  browser,
}) => {
  const title = `Levee walk ${Date.now().toString(36)}`;
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signIn(admin.request, runEnv.admin);
    const id = await createEvent(admin.request, title, Date.now() + 3 * 24 * 3_600_000);
    await admin.goto(`/volunteer#opportunity-${id}`);
    await admin
      .getByRole('article', { name: title })
      .getByRole('button', { name: `Roster of ${title}` })
      .click();
    const dialog = admin.getByRole('dialog', { name: `Roster: ${title}` });
    await dialog.getByRole('tab', { name: 'Check-in code' }).click();
    await expect(
      dialog.getByText(/^Check-in opens on \w+day, \w+ \d{1,2} at \d{1,2}:\d{2}\s[AP]M\.$/),
    ).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.getByTestId('check-in-code')).toHaveCount(0);
    for (const width of [360, 1280]) {
      await admin.setViewportSize({ width, height: 800 });
      await admin.screenshot({ path: test.info().outputPath(`check-in-opens-${width}.png`) });
    }
    await expectNoA11yViolations(admin, { include: '[role="dialog"]' });
  } finally {
    await context.close();
  }
});

test('a student checks in with the code the admin shows and sees “Checked in” hours', async ({
  browser,
}) => {
  const { title, id, admin, student, me, close } = await eventWithStudent(
    browser,
    'Bayou check-in',
  );

  // Issue 33: the admin's roster is open while the student checks in, and updates by itself.
  await admin.goto(`/volunteer#opportunity-${id}`);
  await admin
    .getByRole('article', { name: title })
    .getByRole('button', { name: `Roster of ${title}` })
    .click();
  const roster = admin.getByRole('dialog', { name: `Roster: ${title}` });
  const row = roster.getByTestId('roster-entry').filter({ hasText: me.name });
  await expect(row).toContainText('Not taken yet');

  // A wrong code first: the page says so and offers the field.
  await student.goto(`/volunteer/check-in?o=${id}&c=000000`);
  const codeResponse = await admin.request.get(`/api/opportunities/${id}/check-in-code`);
  expect(codeResponse.ok()).toBe(true);
  const { code, url } = (await codeResponse.json()) as { code: string; url: string };
  if (code !== '000000')
    await expect(student.getByRole('alert')).toContainText('wrong or has expired');
  await checkA11y(student);

  // What the QR code opens.
  await student.goto(url);
  await expect(student.getByText('You’re checked in.')).toBeVisible();
  await checkA11y(student);
  // No reload, no reopening: the notification stream told the admin's page.
  await expect(row).toContainText('Checked in', { timeout: 10_000 });
  await expect(row).not.toContainText('Not taken yet');

  await expectHoursEntry(student, title, 'Checked in');
  await close();
});

// SCREENSHOT_DIR=…: home as this person at both widths in both languages, for a person to look at.
async function homeScreenshots(page: Page, who: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const language of ['en', 'es']) {
    await page.evaluate((lang) => localStorage.setItem('district.language', lang), language);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('.home__mine')).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.screenshot({
        path: `${dir}/home-${who}-${width}-${language}.png`,
        fullPage: true,
      });
    }
  }
  await page.evaluate(() => localStorage.setItem('district.language', 'en'));
  await page.goto('/');
}

test('home shows a student today’s sign-up with Check in, and a supervisor the hours waiting (issue 33.12)', async ({
  browser,
}) => {
  if (process.env.SCREENSHOT_DIR) test.setTimeout(120_000);
  const { title, id, student, close } = await eventWithStudent(browser, 'Home check-in');
  const day = new Date();
  const today = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  const logged = await student.request.post('/api/service-hours', {
    data: { hours: 2, date: today, description: 'Sorted donations at the food bank' },
  });
  expect(logged.status(), await logged.text()).toBe(201);

  // On a phone: the sign-up with its place and the Check in button, nothing spilling sideways.
  await student.setViewportSize({ width: 360, height: 740 });
  await student.goto('/');
  const item = student
    .getByRole('region', { name: 'Your Next Sign-ups' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(item).toContainText('Bayou St. John');
  await expect(item).toContainText('Today');
  const checkIn = item.getByRole('link', { name: `Check in to ${title}` });
  await expect(checkIn).toBeVisible();
  await expect(checkIn).toHaveText('Check in');
  await expect(student.getByRole('region', { name: 'Your Hour Goal' })).toContainText('approved');
  await expect(student.getByRole('region', { name: 'New Since Your Last Visit' })).toBeVisible();
  expect(
    await student.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);
  await checkA11y(student);

  await checkIn.click();
  await expect(student).toHaveURL(new RegExp(`/volunteer/check-in\\?o=${id}$`));
  await expect(student.getByRole('heading', { level: 1, name: 'Check in' })).toBeVisible();
  await homeScreenshots(student, 'student');

  // The supervisor's home: the entries waiting, at least the one just logged, and the way there.
  const supervisorContext = await browser.newContext();
  const supervisor = await supervisorContext.newPage();
  await signIn(supervisor.request, runEnv.supervisor);
  await supervisor.goto('/');
  const review = supervisor.getByRole('region', { name: 'Waiting for Your Review' });
  await expect(review).toContainText(/\d+ hour entr(y is|ies are) pending/);
  const count = Number(await review.locator('.home-review__count').first().textContent());
  expect(count).toBeGreaterThanOrEqual(1);
  await expect(review.getByRole('link', { name: 'Review hours' })).toHaveAttribute(
    'href',
    '/supervisor',
  );
  await expect(supervisor.getByRole('region', { name: 'Your Next Sign-ups' })).toHaveCount(0);
  await checkA11y(supervisor);
  await homeScreenshots(supervisor, 'supervisor');
  await supervisorContext.close();
  await close();
});
