// /directory (SPEC §2, issue 5) in Chromium through the gateway: search, expand and collapse, an
// admin moving a student, the backup download, what a student may not see, and axe.
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SCREEN_TEXTS, TOASTS, usersBackupFileName } from '@district/contracts';
import { expectNoA11yViolations, registerUser, runEnv } from '../support/index.ts';

// axe on this area and what it opens (dialogs and lists are portalled to <body>); the shell's
// header and footer are checked by the shell's own journeys.
const AREA = { include: '.dir, [role="alertdialog"], [role="listbox"]' };

async function signInAsAdmin(page: Page): Promise<void> {
  const res = await page.request.post('/api/login', { data: runEnv.admin });
  expect(res.status()).toBe(200);
}

async function openDirectory(page: Page): Promise<void> {
  await page.goto('/directory');
  await expect(
    page.getByRole('heading', { level: 1, name: SCREEN_TEXTS.directoryTitle }),
  ).toBeVisible();
  await expect(page.getByRole('searchbox')).toBeVisible();
}

const schoolSection = (page: Page, school: string): Locator =>
  page.getByRole('region', { name: new RegExp(`^${escapeRegExp(school)}`) });
const schoolToggle = (page: Page, school: string): Locator =>
  page.getByRole('button', { name: new RegExp(`^${escapeRegExp(school)} \\d+ students?$`) });
const cardOf = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole('listitem').filter({ hasText: name });
// The page's own region (the shell's header has list items of its own).
const directoryArea = (page: Page): Locator =>
  page.getByRole('region', { name: SCREEN_TEXTS.directoryTitle, exact: true });

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a student searches by name, school or grade and the list narrows', async ({ page }) => {
  const tag = Date.now().toString(36);
  const kim = await registerUser(page.request, {
    name: `Kim Searchable ${tag}`,
    school: 'Jesuit High School',
    grade: 9,
    serviceHours: 12.5,
  });
  const lee = await registerUser(page.request, {
    name: `Lee Searchable ${tag}`,
    school: 'Riverdale High School',
    grade: 11,
  });
  // Signed in as the last one registered (Lee).
  await openDirectory(page);
  for (const label of ['Total Students', 'Total Service Hours', 'Schools with Students'])
    await expect(page.getByRole('group', { name: label })).toBeVisible();

  // Schools start collapsed: no card is drawn before a search or a click.
  await expect(directoryArea(page).getByRole('listitem')).toHaveCount(0);

  const search = page.getByRole('searchbox');
  await search.fill(`searchable ${tag}`);
  await expect(cardOf(page, kim.name)).toBeVisible();
  await expect(cardOf(page, lee.name)).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /^2 of [\d,]+ students match$/ }),
  ).toBeVisible();

  // By name: only Kim.
  await search.fill(`kim searchable ${tag}`);
  await expect(cardOf(page, kim.name)).toBeVisible();
  await expect(cardOf(page, lee.name)).toHaveCount(0);
  const kimCard = cardOf(page, kim.name);
  await expect(kimCard).toContainText('Grade 9');
  await expect(kimCard).toContainText('12.5 hours');
  // …shown under its school and grade.
  await expect(schoolSection(page, 'Jesuit High School').getByText(kim.name)).toBeVisible();

  // By school and grade together.
  await search.fill(`riverdale 11 ${tag}`);
  await expect(cardOf(page, lee.name)).toBeVisible();
  await expect(cardOf(page, kim.name)).toHaveCount(0);

  await search.fill(`nobody-is-called-this-${tag}`);
  await expect(page.getByText(/^No students match/)).toBeVisible();

  await search.fill('');
  await expect(directoryArea(page).getByRole('listitem')).toHaveCount(0);
  await expectNoA11yViolations(page, AREA);
});

test('schools expand and collapse; grades inside start expanded', async ({ page }) => {
  const tag = Date.now().toString(36);
  const me = await registerUser(page.request, {
    name: `Ola Expand ${tag}`,
    school: 'Haynes Academy for Advanced Studies',
    grade: 7,
  });
  await openDirectory(page);
  const toggle = schoolToggle(page, 'Haynes Academy for Advanced Studies');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const section = schoolSection(page, 'Haynes Academy for Advanced Studies');
  const grade = section.getByRole('button', { name: /^Grade 7 at Haynes/ });
  await expect(grade).toHaveAttribute('aria-expanded', 'true');
  await expect(cardOf(section, me.name)).toBeVisible();
  await expect(cardOf(section, me.name)).toContainText('You');
  await expectNoA11yViolations(page, AREA);

  // Collapse the grade, then the school.
  await grade.click();
  await expect(grade).toHaveAttribute('aria-expanded', 'false');
  await expect(cardOf(section, me.name)).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(section.getByRole('button', { name: /^Grade 7/ })).toHaveCount(0);
  // Keyboard works too.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
});

test('a student sees no admin controls', async ({ page }) => {
  const tag = Date.now().toString(36);
  const other = await registerUser(page.request, {
    name: `Pat Other ${tag}`,
    school: 'Jesuit High School',
  });
  await registerUser(page.request, { name: `Quinn Viewer ${tag}`, school: 'Jesuit High School' });
  await openDirectory(page);
  await page.getByRole('searchbox').fill(tag);
  await expect(cardOf(page, other.name)).toBeVisible();
  await expect(page.getByRole('button', { name: SCREEN_TEXTS.backupUserData })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  // The header's language picker is a select too: only the page's own content counts here.
  await expect(page.getByRole('main').getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Confirm/ })).toHaveCount(0);
});

test('an admin moves a student to another school and the card moves with them', async ({
  page,
  playwright,
}) => {
  const tag = Date.now().toString(36);
  const api = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  const student = await registerUser(api, {
    name: `Mia Mover ${tag}`,
    school: 'Jesuit High School',
    grade: 10,
  });
  await signInAsAdmin(page);
  await openDirectory(page);
  // The admin's own card never carries controls; the backup button is there.
  await expect(page.getByRole('button', { name: SCREEN_TEXTS.backupUserData })).toBeVisible();

  await page.getByRole('searchbox').fill(student.name);
  const before = cardOf(schoolSection(page, 'Jesuit High School'), student.name);
  await expect(before).toBeVisible();
  await before.getByRole('combobox', { name: `School of ${student.name}` }).click();
  await page.getByRole('option', { name: 'West Jefferson High School' }).click();
  // Choosing only proposes; nothing moves before Confirm.
  await expect(before).toBeVisible();
  await expectNoA11yViolations(page, AREA);
  await before.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByText(TOASTS.userSchoolUpdated, { exact: true })).toBeVisible();
  await expect(
    cardOf(schoolSection(page, 'West Jefferson High School'), student.name),
  ).toBeVisible();
  await expect(cardOf(schoolSection(page, 'Jesuit High School'), student.name)).toHaveCount(0);
  // The service agrees, for everyone (the student's own list: no ids, their row by ref).
  const directory = (await (await api.get('/api/directory')).json()) as Array<{
    id?: number;
    ref: string;
    school: string;
  }>;
  expect(directory.every((u) => u.id === undefined)).toBe(true);
  expect(directory.find((u) => u.ref === student.body.ref)?.school).toBe(
    'West Jefferson High School',
  );

  // A move that fails (the account was deleted meanwhile) says so and closes the confirmation.
  // (This time from the keyboard: Tab reaches the dropdown, Enter opens it.)
  const card = cardOf(page, student.name);
  const school = card.getByRole('combobox', { name: `School of ${student.name}` });
  await school.focus();
  // Focus swaps the card's look-alike trigger for the real select, which then takes the focus
  // over: a key pressed in between would land on the page body (the flaky run's lost Enter).
  await expect(school).not.toHaveAttribute('data-lookalike');
  await expect(school).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Rummel High School' }).click();
  expect((await page.request.delete(`/api/users/${student.id}`)).status()).toBe(204);
  await card.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByText(TOASTS.schoolChangeFailed, { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Confirm/ })).toHaveCount(0);
  await api.dispose();
});

test('an admin downloads the dated backup, which holds no password', async ({ page }) => {
  await signInAsAdmin(page);
  await openDirectory(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: SCREEN_TEXTS.backupUserData }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(usersBackupFileName());
  expect(download.suggestedFilename()).toMatch(/^users-backup-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(page.getByText(TOASTS.backupDownloaded, { exact: true })).toBeVisible();
  const text = await readFile((await download.path())!, 'utf8');
  expect(text).not.toMatch(/password|argon2/i);
  const users = JSON.parse(text) as Array<Record<string, unknown>>;
  expect(users.length).toBeGreaterThan(0);
  expect(users.find((u) => u.username === runEnv.admin.username)).toMatchObject({ isAdmin: true });
  for (const user of users) expect(Object.keys(user)).not.toContain('password');
});

test('the delete confirmation warns that it cannot be undone, and Cancel keeps the account', async ({
  page,
  playwright,
}) => {
  const tag = Date.now().toString(36);
  const api = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  const student = await registerUser(api, { name: `Nell Keep ${tag}` });
  await signInAsAdmin(page);
  await openDirectory(page);
  await page.getByRole('searchbox').fill(student.name);
  await cardOf(page, student.name)
    .getByRole('button', { name: `Delete ${student.name}` })
    .click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(SCREEN_TEXTS.deleteUserWarning);
  await expect(dialog).toContainText('service hours and activity history');
  await expectNoA11yViolations(page, AREA);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cardOf(page, student.name)).toBeVisible();
  expect((await api.get('/api/user')).status()).toBe(200);
  await api.dispose();
});

// Issue 14.5: lists that grow stay light. An open school draws the cards near the screen only
// (a window-virtualised list); scrolling brings the others, and search still finds everyone.
test('an open school with many students keeps only the cards near the screen in the page', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const SCHOOL = 'Strehle Community School';
  const STUDENTS = 90;
  const tag = Date.now().toString(36);
  // Registered from a separate API context (each registration signs that context in).
  const api = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  const made: Array<{ name: string; grade: number }> = [];
  for (let at = 0; at < STUDENTS; at += 5) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(5, STUDENTS - at) }, (_, i) => {
        const n = at + i;
        return registerUser(api, {
          name: `Many ${tag} ${String(n).padStart(3, '0')}`,
          school: SCHOOL,
          grade: 6 + (n % 3),
        });
      }),
    );
    made.push(...batch.map((u) => ({ name: u.name, grade: u.grade })));
  }
  await api.dispose();
  // Grades in order, names in order inside a grade: the first and last cards of the school.
  const ordered = [...made].sort((a, b) => a.grade - b.grade || a.name.localeCompare(b.name));
  const first = ordered[0]!;
  const last = ordered[ordered.length - 1]!;

  await page.setViewportSize({ width: 360, height: 740 });
  await registerUser(page, { name: `Viewer ${tag}`, school: 'Jesuit High School' });
  await openDirectory(page);
  await schoolToggle(page, SCHOOL).click();
  const section = schoolSection(page, SCHOOL);
  await expect(cardOf(section, first.name)).toBeVisible();
  const drawn = await section.getByRole('listitem').count();
  expect(drawn, `cards in the page for ${STUDENTS}+ students`).toBeGreaterThan(0);
  expect(drawn, `cards in the page for ${STUDENTS}+ students`).toBeLessThanOrEqual(30);

  // Scroll to the end of the school: its last student is drawn, its first no longer is.
  await cardOf(section, first.name).scrollIntoViewIfNeeded();
  for (let step = 0; step < 60; step += 1) {
    if ((await cardOf(section, last.name).count()) > 0) break;
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
  await expect(cardOf(section, last.name)).toBeVisible();
  await expect(cardOf(section, first.name)).toHaveCount(0);
  expect(await section.getByRole('listitem').count()).toBeLessThanOrEqual(30);

  // Search still reaches anyone in the school at once.
  const middle = ordered[Math.floor(ordered.length / 2)]!;
  await page.getByRole('searchbox').fill(middle.name);
  await expect(cardOf(page, middle.name)).toBeVisible();
  await expectNoA11yViolations(page, AREA);
});
