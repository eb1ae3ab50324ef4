// Issue 18: times, a weekly series, editing, and calendars, as an admin and a student use them.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { expect, request as newRequest, test, type Browser, type Page } from '@playwright/test';
import { expectNoA11yViolations, registerUser, runEnv } from '../support/index.ts';

// Cards show times in the viewer's zone: both people sit in the district's.
const ZONE = 'America/Chicago';

async function signedIn(browser: Browser, who: 'admin' | 'student') {
  const context = await browser.newContext({ timezoneId: ZONE, acceptDownloads: true });
  const page = await context.newPage();
  if (who === 'admin') {
    const res = await page.request.post('/api/login', { data: runEnv.admin });
    expect(res.ok()).toBe(true);
  } else {
    await registerUser(page);
  }
  return { page, close: () => context.close() };
}

function parseEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  });
}

// A day two weeks ahead, as the date field takes it.
function dayAhead(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

async function openVolunteer(page: Page, title: string) {
  await page.goto('/volunteer');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Volunteer Opportunities' }),
  ).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search opportunities' }).fill(title);
}

test('an admin creates a weekly series with times and edits one; a student sees the range and takes it to a calendar', async ({
  browser,
}) => {
  const title = `Saturday Tutoring ${randomBytes(3).toString('hex')}`;
  const day = dayAhead(14);
  const admin = await signedIn(browser, 'admin');
  const student = await signedIn(browser, 'student');
  try {
    // The admin: Create Opportunity with a start and end, repeated weekly three times.
    const page = admin.page;
    await page.goto('/volunteer');
    await page.getByRole('button', { name: 'Create Opportunity' }).click();
    const create = page.getByRole('dialog', { name: 'Create Opportunity' });
    await create.getByLabel('Title').fill(title);
    await create.getByLabel('Description').fill('Help younger students with reading and maths.');
    await create.getByLabel('Location').fill('Kenner Library');
    await create.getByLabel('Date').fill(day);
    await create.getByLabel('Spaces').fill('4');
    await create.getByLabel('Start time').fill('09:00');
    await create.getByLabel('End time').fill('11:30');
    await create.getByLabel('Repeat weekly').check();
    await create.getByLabel('Number of dates').fill('3');
    await expectNoA11yViolations(page, { include: '[role="dialog"]' });
    await create.getByRole('button', { name: 'Create Opportunity' }).click();
    await expect(page.getByText('3 opportunities created successfully').first()).toBeVisible();

    await openVolunteer(page, title);
    const cards = page.getByRole('article', { name: title });
    await expect(cards).toHaveCount(3);
    await expect(cards.first().getByText(/^Every \w+day, 3 dates$/)).toBeVisible();
    await expect(cards.first().getByText(/9:00\s–\s11:30\sAM/)).toBeVisible();

    // Edit the first date's time.
    await cards
      .first()
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Opportunity' });
    await expect(edit.getByLabel('Title')).toHaveValue(title);
    await edit.getByLabel('Start time').fill('10:00');
    await edit.getByLabel('End time').fill('12:00');
    await expectNoA11yViolations(page, { include: '[role="dialog"]' });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Opportunity updated successfully').first()).toBeVisible();
    await expect(cards.first().getByText(/10:00\sAM\s–\s12:00\sPM/)).toBeVisible();

    // The student: sees the range, signs up, downloads the .ics.
    const sp = student.page;
    await openVolunteer(sp, title);
    const first = sp.getByRole('article', { name: title }).first();
    await expect(first.getByText(/10:00\sAM\s–\s12:00\sPM/)).toBeVisible();
    await first.getByRole('button', { name: 'Sign Up' }).click();
    await expect(first.getByText('Signed up', { exact: true })).toBeVisible();

    const [download] = await Promise.all([
      sp.waitForEvent('download'),
      first.getByRole('link', { name: `Add to calendar ${title}` }).click(),
    ]);
    const events = parseEvents(await readFile((await download.path())!, 'utf8'));
    expect(events).toHaveLength(1);
    expect(events[0].summary).toBe(title);
    expect(new Date(events[0].end).getTime() - new Date(events[0].start).getTime()).toBe(
      2 * 3_600_000,
    );

    // The private feed: copied from the dialog, read without any cookie.
    await sp.getByRole('button', { name: 'Subscribe to my calendar' }).click();
    const dialog = sp.getByRole('dialog', { name: 'Subscribe to my calendar' });
    const link = dialog.getByLabel('Your private calendar link');
    await expect(link).toHaveValue(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    await expectNoA11yViolations(sp, { include: '[role="dialog"]' });
    const url = await link.inputValue();
    const anonymous = await newRequest.newContext();
    try {
      const feed = await anonymous.get(new URL(new URL(url).pathname, sp.url()).toString());
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
      expect(parseEvents(await feed.text()).map((e) => e.summary)).toEqual([title]);

      // Reset: the old address stops working.
      await dialog.getByRole('button', { name: 'Reset link' }).click();
      await expect(link).not.toHaveValue(url);
      const old = await anonymous.get(new URL(new URL(url).pathname, sp.url()).toString());
      expect(old.status()).toBe(404);
    } finally {
      await anonymous.dispose();
    }
  } finally {
    await admin.close();
    await student.close();
  }
});
