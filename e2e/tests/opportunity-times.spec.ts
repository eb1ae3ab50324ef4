// Issue 18: times, a weekly series, editing, and calendars, as an admin and a student use them.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { expect, request as newRequest, test, type Browser, type Page } from '@playwright/test';
import { expectNoA11yViolations, registerUser, runEnv } from '../support/index.ts';

// Cards show times in the viewer's zone: both people sit in the district's.
const ZONE = 'America/Chicago';

async function signedIn(browser: Browser, who: 'admin' | 'student', locale = 'en-US') {
  // The browser's language picks the page's (issue 22): es-US opens it in Spanish.
  const context = await browser.newContext({
    timezoneId: ZONE,
    acceptDownloads: true,
    locale,
    // The API calls too (registration): an account starts in the language it registered in.
    extraHTTPHeaders: { 'Accept-Language': locale },
  });
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

async function openVolunteer(
  page: Page,
  title: string,
  texts = { heading: 'Volunteer Opportunities', search: 'Search opportunities' },
) {
  await page.goto('/volunteer');
  await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
  await page.getByRole('searchbox', { name: texts.search }).fill(title);
}

// The dates of a series card (issue 18: "the list groups them"), each with its own actions.
const datesOf = (page: Page, title: string, list = 'Dates') =>
  page
    .getByRole('article', { name: title })
    .getByRole('list', { name: list })
    .locator(':scope > li');

test('an admin creates a weekly series with times and edits one; a student sees the series as one card, signs up for a date and takes it to a calendar', async ({
  browser,
}) => {
  // Three people (an admin, an English and a Spanish-speaking student) and their dialogs.
  test.setTimeout(90_000);
  const title = `Saturday Tutoring ${randomBytes(3).toString('hex')}`;
  const day = dayAhead(14);
  const admin = await signedIn(browser, 'admin');
  const student = await signedIn(browser, 'student');
  const spanish = await signedIn(browser, 'student', 'es-US');
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

    // One card for the series, its three dates inside, each with the time and its own spaces.
    await openVolunteer(page, title);
    const card = page.getByRole('article', { name: title });
    await expect(card).toHaveCount(1);
    await expect(card.getByText(/^Every \w+day · 3 dates$/)).toBeVisible();
    const dates = datesOf(page, title);
    await expect(dates).toHaveCount(3);
    for (const date of await dates.all()) {
      await expect(date.getByText(/9:00\s–\s11:30\sAM/)).toBeVisible();
      await expect(date.getByText('4 spots left')).toBeVisible();
    }
    await expectNoA11yViolations(page, { include: '[role="article"]' });

    // Edit the first date's time: its buttons name the event and the day.
    await dates
      .first()
      .getByRole('button', { name: new RegExp(`^Edit ${title}, \\w{3}, `) })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Opportunity' });
    await expect(edit.getByLabel('Title')).toHaveValue(title);
    await edit.getByLabel('Start time').fill('10:00');
    await edit.getByLabel('End time').fill('12:00');
    await expectNoA11yViolations(page, { include: '[role="dialog"]' });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Opportunity updated successfully').first()).toBeVisible();
    await expect(dates.first().getByText(/10:00\sAM\s–\s12:00\sPM/)).toBeVisible();
    await expect(dates.nth(1).getByText(/9:00\s–\s11:30\sAM/)).toBeVisible();

    // The student: sees the range, signs up for the first date only, downloads its .ics.
    const sp = student.page;
    await openVolunteer(sp, title);
    const studentDates = datesOf(sp, title);
    const first = studentDates.first();
    await expect(first.getByText(/10:00\sAM\s–\s12:00\sPM/)).toBeVisible();
    await first.getByRole('button', { name: 'Sign Up' }).click();
    await expect(first.getByText('Signed up', { exact: true })).toBeVisible();
    await expect(first.getByText('3 spots left')).toBeVisible();
    await expect(studentDates.nth(1).getByRole('button', { name: 'Sign Up' })).toBeVisible();
    await expect(studentDates.nth(1).getByText('4 spots left')).toBeVisible();

    const [download] = await Promise.all([
      sp.waitForEvent('download'),
      first.getByRole('link', { name: new RegExp(`^Add to calendar ${title}, `) }).click(),
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

    // A student whose browser speaks Spanish (issue 22): the same card, in Spanish.
    const es = spanish.page;
    await openVolunteer(es, title, {
      heading: 'Oportunidades de voluntariado',
      search: 'Buscar oportunidades',
    });
    await expect(
      es.getByRole('article', { name: title }).getByText(/^Cada \S+ · 3 fechas$/),
    ).toBeVisible();
    const esDates = datesOf(es, title, 'Fechas');
    await expect(esDates.first().getByText('Quedan 3 lugares')).toBeVisible();
    await expect(esDates.nth(1).getByRole('button', { name: 'Inscribirme' })).toBeVisible();
    await expectNoA11yViolations(es, { include: '[role="article"]' });
  } finally {
    await admin.close();
    await student.close();
    await spanish.close();
  }
});
