// Issue 33 (items 5 and 6): the supervisor's Student Progress holds students only (never the
// seeded admin or supervisor) and comes a page of 25 at a time, searched on the server, at phone
// and desktop widths, in English and Spanish; the directory's totals count students only.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  expectNoA11yViolations,
  registerUser,
  runEnv,
  useSavedLanguage,
} from '../support/index.ts';

// A school no other journey uses, so the counts are this test's own.
const SCHOOL = 'Jefferson Virtual High School';
const STUDENTS = 30;
const STAFF_NAME = 'District Supervisor';

const TEXTS = {
  en: {
    region: 'Student Progress',
    first: `Students 1–25 of ${STUDENTS}`,
    second: `Students 26–${STUDENTS} of ${STUDENTS}`,
    next: 'Next page',
    search: 'Search students by name',
    noMatch: (q: string) => `No student matches “${q}”`,
  },
  es: {
    region: 'Progreso de los estudiantes',
    first: `Estudiantes 1–25 de ${STUDENTS}`,
    second: `Estudiantes 26–${STUDENTS} de ${STUDENTS}`,
    next: 'Página siguiente',
    search: 'Buscar estudiantes por nombre',
    noMatch: (q: string) => `Ningún estudiante coincide con «${q}»`,
  },
} as const;

async function signIn(request: APIRequestContext, account: { username: string; password: string }) {
  const response = await request.post('/api/login', { data: account });
  expect(response.ok(), `login as ${account.username}: ${response.status()}`).toBe(true);
}

const checkA11y = (page: Page) => expectNoA11yViolations(page, { include: '#main' });

test('Student Progress: students only, 25 a page, searched on the server, at 360 and 1280 px in English and Spanish', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const api = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  // Registered five at a time (each registration hashes a password: one after the other they
  // took half of this test's time).
  const names: string[] = [];
  for (let i = 0; i < STUDENTS; i += 5) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(5, STUDENTS - i) }, (_, j) =>
        registerUser(api, {
          name: `Progress ${tag} ${String(i + j + 1).padStart(2, '0')}`,
          school: SCHOOL,
          grade: 10,
        }),
      ),
    );
    names.push(...batch.map((user) => user.name));
  }
  const supervisorApi = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  await signIn(supervisorApi, runEnv.supervisor);
  // svc-hours learns them by events: wait until it lists them all.
  await expect
    .poll(
      async () =>
        (
          (await (
            await supervisorApi.get(
              `/api/service-hours/students?school=${encodeURIComponent(SCHOOL)}&pageSize=1`,
            )
          ).json()) as { total: number }
        ).total,
      { timeout: 30_000 },
    )
    .toBe(STUDENTS);
  // Staff are never students: no seeded account in the list, whatever its grade.
  const staff = (await (
    await supervisorApi.get(`/api/service-hours/students?q=${encodeURIComponent(STAFF_NAME)}`)
  ).json()) as { total: number };
  expect(staff.total).toBe(0);

  for (const language of ['en', 'es'] as const) {
    const text = TEXTS[language];
    for (const width of [360, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      if (language === 'es') await useSavedLanguage(page, 'es');
      await signIn(page.request, runEnv.supervisor);
      await page.goto('/supervisor');
      const region = page.getByRole('region', { name: text.region });
      await expect(region.getByTestId('goal-student').first()).toBeVisible();
      // The seeded staff never appear as students.
      await region.getByRole('searchbox', { name: text.search }).fill(STAFF_NAME);
      await expect(region.getByText(text.noMatch(STAFF_NAME))).toBeVisible();
      await region.getByRole('searchbox', { name: text.search }).fill('');

      // This run's students by the part of the name they share (the School filter lists only
      // schools with entries).
      await region.getByRole('searchbox', { name: text.search }).fill(`Progress ${tag}`);
      await expect(region.getByText(text.first)).toBeVisible();
      await expect(region.getByTestId('goal-student')).toHaveCount(25);
      // One page, not thousands: the page stays a few screens tall and never scrolls sideways.
      const size = await page.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      }));
      expect(size.sideways).toBe(false);
      expect(size.height).toBeLessThan(width === 360 ? 9000 : 6000);
      await checkA11y(page);
      await page.screenshot({
        path: `/tmp/week-shots/student-progress-${language}-${width}.png`,
        fullPage: true,
      });

      await region.getByRole('button', { name: text.next }).click();
      await expect(region.getByText(text.second)).toBeVisible();
      await expect(region.getByTestId('goal-student')).toHaveCount(STUDENTS - 25);

      const wanted = names[17];
      await region.getByRole('searchbox', { name: text.search }).fill(wanted);
      await expect(region.getByTestId('goal-student')).toHaveCount(1);
      await expect(region.getByTestId('goal-student')).toContainText(wanted);
      await expect(region.getByRole('navigation')).toHaveCount(0);
      await checkA11y(page);
      await context.close();
    }
  }
  await Promise.all([api.dispose(), supervisorApi.dispose()]);
});

test('the directory counts students only: staff are in no total and no student sees them', async ({
  playwright,
}) => {
  const student = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  await registerUser(student, { school: SCHOOL, grade: 11 });
  const response = await student.get('/api/directory');
  expect(response.status()).toBe(200);
  const cards = (await response.json()) as Array<{ isAdmin: boolean; isSupervisor: boolean }>;
  expect(cards.filter((c) => c.isAdmin || c.isSupervisor)).toEqual([]);

  const admin = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  await signIn(admin, runEnv.admin);
  const all = await admin.get('/api/directory');
  const everyone = (await all.json()) as Array<{ isAdmin: boolean; isSupervisor: boolean }>;
  const students = everyone.filter((c) => !c.isAdmin && !c.isSupervisor).length;
  expect(everyone.length).toBeGreaterThan(students);
  expect(Number(all.headers()['x-total-students'])).toBe(students);
  await Promise.all([student.dispose(), admin.dispose()]);
});
