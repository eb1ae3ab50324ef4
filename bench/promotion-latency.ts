// Issue 18: from a withdrawal to the promoted student's toast. A student waits on the waitlists of
// BENCH_TRIALS full one-space opportunities, in a Chromium page of their own (on /blog, stream
// open); the holder withdraws from each in turn, and the time from sending the withdrawal to the
// first frame showing "You're signed up: <title>" is recorded (the promotion commits with the
// withdrawal; then svc-volunteer's relay, svc-content's consumer, the SSE push through nginx and
// the shell's toast). Starts the whole platform behind nginx (scripts/platform.ts).
// Run: node bench/promotion-latency.ts   (env: BENCH_TRIALS=100, BENCH_BUILD=0 to run dist/ as
// it is, CHROMIUM_PATH)
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startPlatform } from '../scripts/platform.ts';
import { postgresAnswers } from '../scripts/postgres.ts';
import { redisAnswers } from '../scripts/redis.ts';
import { ROOT } from '../scripts/workspaces.ts';
import { latencySummary } from './stats.ts';

const TRIALS = Number(process.env.BENCH_TRIALS ?? 100);
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';
const STREAM = '/api/notifications/stream';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(
  base: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

function expectStatus(response: Response, status: number, what: string): void {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}`);
}

async function login(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status}`);
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
  if (!session) throw new Error(`login ${username}: no session cookie`);
  return session.split(';')[0]!;
}

const newUser = (prefix: string) => {
  const tag = randomBytes(4).toString('hex');
  return {
    username: `${prefix}_${tag}`,
    password: `pw-${tag}-${tag}`,
    name: `Bench ${prefix} ${tag}`,
    email: `${prefix}_${tag}@example.test`,
    school: 'Jesuit High School',
    grade: 11,
    serviceHours: 0,
  };
};

// Resolves with Date.now() at the first frame in which a toast with this text is on screen.
function toastSeen(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (wanted) =>
      new Promise<number>((resolve) => {
        const found = () =>
          Array.from(document.querySelectorAll('li')).some((li) =>
            li.textContent?.includes(wanted),
          );
        const done = () => requestAnimationFrame(() => resolve(Date.now()));
        if (found()) return done();
        const observer = new MutationObserver(() => {
          if (!found()) return;
          observer.disconnect();
          done();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
    text,
  );
}

async function clearToasts(page: Page): Promise<void> {
  const open = page.locator('li[data-state="open"]').getByRole('button', { name: 'Close' });
  for (let i = 0; i < 5 && (await open.count()) > 0; i++) {
    await open
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await sleep(50);
  }
}

async function main(): Promise<void> {
  const runId = `bench${randomBytes(3).toString('hex')}`;
  const dataDir = join(ROOT, '.data', 'bench', runId);
  const databaseUrl =
    process.env.DATABASE_URL ||
    ((await postgresAnswers(LOCAL_POSTGRES)) ? LOCAL_POSTGRES : undefined);
  const redisUrl =
    process.env.REDIS_URL || ((await redisAnswers(LOCAL_REDIS)) ? LOCAL_REDIS : undefined);
  const platform = await startPlatform({
    port: 0,
    databaseUrl,
    redisUrl,
    dataDir,
    runId,
    mailDir: join(dataDir, 'mail'),
    logDir: join(dataDir, 'logs'),
    env: { ...process.env, LOG_LEVEL: 'warn' },
    build: process.env.BENCH_BUILD !== '0',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const base = platform.url;
    const admin = await login(base, platform.seed.admin.username, platform.seed.admin.password);
    const holderUser = newUser('holder');
    const registered = await call(base, '', 'POST', '/api/register', holderUser);
    if (!registered.ok) throw new Error(`register answered ${registered.status}`);
    const holder = await login(base, holderUser.username, holderUser.password);

    // TRIALS full opportunities, the holder in each one's only space.
    const opportunities: Array<{ id: number; title: string }> = [];
    for (let i = 0; i < TRIALS; i++) {
      const title = `Promotion trial ${i} ${runId}`;
      const created = await call(base, admin, 'POST', '/api/opportunities', {
        title,
        description: 'Benchmark opportunity: timing the waitlist promotion end to end.',
        location: 'Kenner',
        date: new Date(Date.now() + 86_400_000).toISOString(),
        spaces: 1,
      });
      expectStatus(created, 201, 'create');
      const { id } = (await created.json()) as { id: number };
      expectStatus(
        await call(base, holder, 'POST', `/api/opportunities/${id}/signup`),
        201,
        'sign-up',
      );
      opportunities.push({ id, title });
    }

    // The waiting student, in a browser, on every waitlist.
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    const res = await page.request.post('/api/register', { data: newUser('waiting') });
    if (!res.ok()) throw new Error(`register: ${res.status()}`);
    for (const { id } of opportunities) {
      const joined = await page.request.post(`/api/opportunities/${id}/waitlist`);
      if (joined.status() !== 200) throw new Error(`join answered ${joined.status()}`);
    }
    const ready = page.waitForResponse((r) => new URL(r.url()).pathname === STREAM);
    await page.goto('/blog');
    if ((await ready).status() !== 200) throw new Error('the notification stream did not answer');
    await sleep(500);
    await clearToasts(page);

    const fromRequest: number[] = [];
    const fromAnswer: number[] = [];
    const warmup = 3;
    for (const [i, { id, title }] of opportunities.entries()) {
      const seen = toastSeen(page, `You're signed up: ${title}`);
      const sent = Date.now();
      const withdrawn = await call(base, holder, 'DELETE', `/api/opportunities/${id}/signup`);
      const answered = Date.now();
      expectStatus(withdrawn, 200, 'withdraw');
      await withdrawn.arrayBuffer();
      const at = await seen;
      if (i >= warmup) {
        fromRequest.push(at - sent);
        fromAnswer.push(at - answered);
      }
      await clearToasts(page);
      await sleep(100);
    }
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    console.log(`promotions measured: ${fromRequest.length} (after ${warmup} warm-up)`);
    console.log(
      `withdrawal sent → promoted student's toast: ${latencySummary(sorted(fromRequest))}`,
    );
    console.log(`withdrawal answered → toast: ${latencySummary(sorted(fromAnswer))}`);
    await context.close();
  } finally {
    await browser.close();
    await platform.stop();
  }
}

await main();
