// Roles and accountability (issue 9) in Chromium through the gateway: an admin grants a student
// the supervisor role from /directory, the student's very next page load has it, the admin takes
// it back, and the admin's Audit log tab shows both changes.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SCREEN_TEXTS, TOASTS } from '@district/contracts';
import { expectNoA11yViolations, registerUser, runEnv } from '../support/index.ts';

async function openDirectoryAsAdmin(page: Page): Promise<void> {
  const res = await page.request.post('/api/login', { data: runEnv.admin });
  expect(res.status()).toBe(200);
  await page.goto('/directory');
  await expect(
    page.getByRole('heading', { level: 1, name: SCREEN_TEXTS.directoryTitle }),
  ).toBeVisible();
  // Admins get the Students / Audit log tabs.
  await expect(page.getByRole('tab', { name: 'Students' })).toBeVisible();
  await expect(page.getByRole('searchbox')).toBeVisible();
}

const cardOf = (page: Page, name: string): Locator =>
  page
    .getByRole('region', { name: SCREEN_TEXTS.directoryTitle, exact: true })
    .getByRole('listitem')
    .filter({ hasText: name });

async function changeRole(page: Page, name: string, label: string): Promise<void> {
  await page.getByRole('button', { name: `${label}: ${name}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: label }).click();
  await expect(page.getByText(TOASTS.userRolesUpdated).first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function expectSupervisorAccess(page: Page, allowed: boolean): Promise<void> {
  await page.goto('/supervisor');
  const link = page.getByRole('link', { name: 'Supervisor', exact: true });
  const denied = page.getByRole('heading', { name: SCREEN_TEXTS.accessDeniedTitle });
  if (allowed) {
    await expect(link).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Pending \(\d+\)$/ })).toBeVisible();
    await expect(denied).toHaveCount(0);
  } else {
    await expect(link).toHaveCount(0);
    await expect(denied).toBeVisible();
    await expect(page.getByText(SCREEN_TEXTS.accessDeniedText)).toBeVisible();
  }
}

test('an admin makes a student a supervisor, takes it back, and both are on record', async ({
  browser,
}) => {
  const studentContext = await browser.newContext();
  const studentPage = await studentContext.newPage();
  const student = await registerUser(studentPage, {
    name: `Rory Roles ${Date.now().toString(36)}`,
  });
  await expectSupervisorAccess(studentPage, false);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openDirectoryAsAdmin(admin);
  await admin.getByRole('searchbox').fill(student.name);
  const card = cardOf(admin, student.name);
  await expect(card).toBeVisible();
  await expect(card.getByText('Supervisor', { exact: true })).toHaveCount(0);

  // Grant, with a confirmation first.
  await admin.getByRole('button', { name: `Make supervisor: ${student.name}` }).click();
  const dialog = admin.getByRole('alertdialog');
  await expect(dialog).toContainText(`Make ${student.name} a supervisor?`);
  await expectNoA11yViolations(admin, { include: '[role="alertdialog"]' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await changeRole(admin, student.name, 'Make supervisor');
  // Everyone sees the badge; the control now offers the way back.
  await expect(card.getByText('Supervisor', { exact: true })).toBeVisible();
  await expect(
    admin.getByRole('button', { name: `Remove supervisor: ${student.name}` }),
  ).toBeVisible();

  // The student needs no new sign-in: the next load has the link and the page.
  await expectSupervisorAccess(studentPage, true);

  // Revoke: the link and the page are gone on the next load.
  await changeRole(admin, student.name, 'Remove supervisor');
  await expect(card.getByText('Supervisor', { exact: true })).toHaveCount(0);
  await expectSupervisorAccess(studentPage, false);

  // The audit log, newest first: the revocation above the grant, both by the seeded admin.
  await admin.getByRole('tab', { name: 'Audit log' }).click();
  const rows = admin.getByRole('row').filter({ hasText: student.name });
  await expect(rows).toHaveCount(2);
  // Issue 33: one plain sentence per action.
  await expect(rows.nth(0)).toContainText(`removed ${student.name}’s supervisor rights.`);
  await expect(rows.nth(1)).toContainText(`made ${student.name} a supervisor.`);
  for (const i of [0, 1]) await expect(rows.nth(i)).toContainText('Success');
  // Filter by action: both role changes stay.
  await admin.getByRole('combobox', { name: 'Action' }).click();
  await admin.getByRole('option', { name: 'Role change', exact: true }).click();
  await expect(rows).toHaveCount(2);
  await expectNoA11yViolations(admin, { include: '.dir' });

  await Promise.all([studentContext.close(), adminContext.close()]);
});

test('a student sees no role controls and no audit log, and the API refuses them', async ({
  page,
}) => {
  const other = await registerUser(page.request, { name: `Other ${Date.now().toString(36)}` });
  await registerUser(page);
  await page.goto('/directory');
  await page.getByRole('searchbox').fill(other.name);
  await expect(cardOf(page, other.name)).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Make|Remove) / })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Audit log' })).toHaveCount(0);
  expect((await page.request.get('/api/audit')).status()).toBe(403);
  const res = await page.request.patch(`/api/users/${other.id}/roles`, {
    data: { isSupervisor: true },
  });
  expect(res.status()).toBe(403);
});
