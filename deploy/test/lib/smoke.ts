// The smoke journeys, in Chromium through the gateway's published port, as people use the
// screens: register, log out and in, an admin creates an opportunity, the student signs up and
// logs hours, a supervisor approves them, and the directory total includes them. A journey whose
// API is not there yet (404/502 from the gateway) is reported as skipped, never faked.
import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export type Outcome = 'passed' | 'failed' | 'skipped';

export interface JourneyResult {
  name: string;
  outcome: Outcome;
  ms: number;
  detail?: string;
}

export interface Account {
  username: string;
  password: string;
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

class Skip extends Error {}

const UI_TIMEOUT = 20_000;

export interface Student {
  username: string;
  password: string;
  name: string;
  email: string;
  school: string;
  grade: number;
  serviceHours: number;
}

export function newStudent(): Student {
  const tag = randomBytes(3).toString('hex');
  return {
    username: `compose_${tag}`,
    password: `pw-${randomBytes(6).toString('hex')}`,
    name: `Compose Student ${tag.toUpperCase()}`,
    email: `compose_${tag}@example.test`,
    school: 'East Jefferson High School',
    grade: 10,
    serviceHours: 3,
  };
}

// The area's API answers (any status but the gateway's "no such service yet" ones).
async function apiPresent(page: Page, path: string): Promise<boolean> {
  const response = await page.request.get(path);
  return response.status() !== 404 && response.status() !== 502 && response.status() !== 503;
}

async function signInByApi(context: BrowserContext, account: Account): Promise<Page> {
  const page = await context.newPage();
  const response = await page.request.post('/api/login', { data: account });
  if (!response.ok())
    throw new Error(`login as ${account.username}: ${response.status()} ${await response.text()}`);
  return page;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function runSmokeJourneys(options: {
  browser: Browser;
  baseUrl: string;
  admin: Account;
  supervisor: Account;
  log: (line: string) => void;
}): Promise<{ results: JourneyResult[]; student: Student }> {
  const { browser, baseUrl } = options;
  const results: JourneyResult[] = [];
  const student = newStudent();
  const title = `Compose levee cleanup ${randomBytes(2).toString('hex')}`;
  const contexts: BrowserContext[] = [];
  const context = async () => {
    const created = await browser.newContext({ baseURL: baseUrl });
    created.setDefaultTimeout(UI_TIMEOUT);
    contexts.push(created);
    return created;
  };
  const studentContext = await context();
  const studentPage = await studentContext.newPage();
  let opportunityCreated = false;
  let hoursLogged = false;
  let approved = false;

  const journey = async (name: string, fn: () => Promise<string | void>) => {
    const started = Date.now();
    try {
      const detail = await fn();
      results.push({
        name,
        outcome: 'passed',
        ms: Date.now() - started,
        detail: detail || undefined,
      });
    } catch (error) {
      const outcome: Outcome = error instanceof Skip ? 'skipped' : 'failed';
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      results.push({ name, outcome, ms: Date.now() - started, detail: message });
    }
    const last = results[results.length - 1];
    options.log(
      `${last.outcome.padEnd(7)} ${name} (${(last.ms / 1000).toFixed(1)} s)${last.detail ? `: ${last.detail}` : ''}`,
    );
  };

  await journey('register', async () => {
    const page = studentPage;
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Username').fill(student.username);
    await form.getByLabel('Password').fill(student.password);
    await form.getByLabel('Full Name').fill(student.name);
    await form.getByLabel('Email').fill(student.email);
    await form.getByRole('combobox', { name: 'School' }).click();
    await page.getByRole('option', { name: student.school, exact: true }).click();
    await form.getByLabel('Grade').fill(String(student.grade));
    await form.getByLabel(/Service Hours/).fill(String(student.serviceHours));
    await form.getByRole('button', { name: 'Register' }).click();
    await page.getByText(student.name).first().waitFor();
    if (new URL(page.url()).pathname !== '/')
      throw new Error(`after registering the page is ${page.url()}`);
  });

  await journey('login', async () => {
    const page = studentPage;
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    const me = await page.request.get('/api/user');
    if (me.status() !== 401) throw new Error(`after logout GET /api/user answered ${me.status()}`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Username').fill(student.username);
    await form.getByLabel('Password').fill(student.password);
    await form.getByRole('button', { name: 'Login' }).click();
    await page.getByText(student.name).first().waitFor();
  });

  const adminContext = await context();
  const adminPage = await signInByApi(adminContext, options.admin);

  await journey('create opportunity (admin)', async () => {
    if (!(await apiPresent(adminPage, '/api/opportunities')))
      throw new Skip('/api/opportunities is not served');
    await adminPage.goto('/volunteer');
    await adminPage.getByRole('button', { name: 'Create Opportunity' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Create Opportunity' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Bag litter along the levee path with classmates.');
    await dialog.getByLabel('Location').fill('Mississippi River levee');
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Date').fill(date);
    await dialog.getByLabel('Spaces').fill('5');
    await dialog.getByRole('button', { name: 'Create Opportunity' }).click();
    await adminPage.getByRole('article', { name: title }).waitFor();
    opportunityCreated = true;
  });

  await journey('sign up (student)', async () => {
    if (!opportunityCreated) throw new Skip('no opportunity was created');
    await studentPage.goto('/volunteer');
    const card = studentPage.getByRole('article', { name: title });
    await card.getByRole('button', { name: 'Sign Up' }).click();
    await card.getByText(`${student.name} from ${student.school}`).waitFor();
  });

  await journey('log hours (student)', async () => {
    if (!(await apiPresent(studentPage, '/api/service-hours')))
      throw new Skip('/api/service-hours is not served');
    await studentPage.goto('/service-hours');
    await studentPage.getByLabel('Hours', { exact: true }).fill('2');
    await studentPage
      .getByLabel('Description', { exact: true })
      .fill('Bagged litter along the levee with my class.');
    await studentPage.getByRole('button', { name: 'Submit Hours' }).click();
    await waitFor(
      async () => {
        const logs = (await (await studentPage.request.get('/api/service-hours')).json()) as Array<{
          hours: number;
          status: string;
        }>;
        return logs.some((l) => Number(l.hours) === 2 && l.status === 'pending');
      },
      10_000,
      'the pending log in GET /api/service-hours',
    );
    hoursLogged = true;
  });

  const supervisorContext = await context();
  const supervisorPage = await signInByApi(supervisorContext, options.supervisor);

  await journey('approve hours (supervisor)', async () => {
    if (!hoursLogged) throw new Skip('no hours were logged');
    await supervisorPage.goto('/supervisor');
    await supervisorPage
      .getByRole('button', { name: `Approve 2 hours by ${student.name}` })
      .click();
    await waitFor(
      async () => {
        const logs = (await (await studentPage.request.get('/api/service-hours')).json()) as Array<{
          hours: number;
          status: string;
        }>;
        return logs.some((l) => Number(l.hours) === 2 && l.status === 'approved');
      },
      10_000,
      'the approved log in GET /api/service-hours',
    );
    approved = true;
  });

  await journey('directory total', async () => {
    if (!(await apiPresent(studentPage, '/api/directory')))
      throw new Skip('/api/directory is not served');
    const expected = student.serviceHours + (approved ? 2 : 0);
    let seen: number | undefined;
    await waitFor(
      async () => {
        const users = (await (await studentPage.request.get('/api/directory')).json()) as Array<{
          name: string;
          serviceHours: number;
        }>;
        seen = users.find((u) => u.name === student.name)?.serviceHours;
        return seen === expected;
      },
      15_000,
      `the directory total ${expected} (last seen ${seen})`,
    );
    await studentPage.goto('/directory');
    await studentPage.getByRole('heading', { name: 'Student Directory' }).waitFor();
    await studentPage.getByText('Total Service Hours').first().waitFor();
    return `${student.name}: ${expected} hours (declared ${student.serviceHours} + approved ${approved ? 2 : 0})`;
  });

  for (const created of contexts) await created.close();
  return { results, student };
}
