// Verification by the organisation (issue 19): a student logs hours naming the organisation's
// contact, the contact gets a real e-mail, opens its link signed out and confirms, and the
// supervisor sees who confirmed the entry.
import { expect, test, type Page } from '@playwright/test';
import {
  expectNoA11yViolations,
  linkFrom,
  readMail,
  registerUser,
  runEnv,
} from '../support/index.ts';

const checkA11y = (page: Page) => expectNoA11yViolations(page, { include: '#main' });
const SCHOOL = 'Riverdale High School';

test('the organisation confirms a student’s hours from the e-mailed link, and the supervisor sees it', async ({
  browser,
}) => {
  const tag = Date.now().toString(36);
  const contact = `coordinator-${tag}@foodbank.example`;
  const description = `Sorted donations at the food bank (${tag})`;

  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  const me = await registerUser(student, { name: `Mira Okafor${tag}`, school: SCHOOL });
  await student.goto('/service-hours');
  await student.getByLabel('Hours', { exact: true }).fill('2.5');
  await student.getByLabel('Description', { exact: true }).fill(description);
  await student.getByLabel(/^Organisation/).fill('Eastside Food Bank');
  await student.getByLabel(/^Contact e-mail/).fill(contact);
  const since = new Date();
  await student.getByRole('button', { name: 'Submit Hours' }).click();
  await expect(student.getByText(`We e-mailed ${contact} to confirm it.`)).toBeVisible();

  // The real message in the platform's SMTP sink.
  const mail = await readMail(contact, { since, subject: 'Please confirm Mira' });
  expect(mail.text).toContain('logged 2.5 hours of volunteering with Eastside Food Bank');
  expect(mail.text).not.toContain(`Okafor${tag}`);
  const link = linkFrom(mail, '/confirm-hours/');

  // Signed out: a fresh browser with no session.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(new URL(link).pathname);
  await expect(visitor.getByRole('heading', { name: 'Confirm volunteer hours' })).toBeVisible();
  await expect(visitor.getByText('Mira', { exact: true })).toBeVisible();
  await expect(visitor.getByText(description)).toBeVisible();
  await expect(visitor.getByText(`Okafor${tag}`)).toHaveCount(0);
  await checkA11y(visitor);
  await visitor.getByLabel(/^Comment/).fill('Mira ran the sorting table.');
  await visitor.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(visitor.getByText('Thank you. You confirmed these hours.')).toBeVisible();

  // The link works once.
  await visitor.reload();
  await expect(
    visitor.getByText('This confirmation link has expired or has already been used.'),
  ).toBeVisible();

  // The supervisor sees who confirmed it, and can list only confirmed entries.
  const supervisorContext = await browser.newContext();
  const supervisor = await supervisorContext.newPage();
  const login = await supervisor.request.post('/api/login', { data: runEnv.supervisor });
  expect(login.ok()).toBe(true);
  await supervisor.goto('/supervisor');
  await supervisor.getByRole('combobox', { name: 'Organisation answer' }).click();
  await supervisor.getByRole('option', { name: 'Confirmed', exact: true }).click();
  const entry = supervisor.getByTestId('hours-entry').filter({ hasText: me.name });
  await expect(entry).toContainText(`Confirmed by ${contact} (Eastside Food Bank)`);
  await checkA11y(supervisor);

  await Promise.all([studentContext.close(), visitorContext.close(), supervisorContext.close()]);
});
