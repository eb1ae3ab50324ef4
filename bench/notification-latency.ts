// From an admin's "create opportunity" request answered to the toast visible in another signed-in
// student's Chromium (issue 4 "Speed": with push, median ≤ 200 ms and worst ≤ 1 s; with polling
// only, report it). Starts the whole platform behind nginx (scripts/platform.ts), signs a student
// in, and times 20 creations with the push channel, then 20 samples with the stream refused
// (polling every 30 s: four students with different polling phases, five creations at random
// moments).
// Run: node bench/notification-latency.ts   (env: BENCH_TRIALS=20, BENCH_POLLING=0 to skip the
// polling part, BENCH_BUILD=0 to run dist/ as it is, CHROMIUM_PATH)
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startPlatform } from '../scripts/platform.ts';
import { postgresAnswers } from '../scripts/postgres.ts';
import { redisAnswers } from '../scripts/redis.ts';
import { ROOT } from '../scripts/workspaces.ts';
import { percentile } from './stats.ts';
import { clearToasts, toastSeen } from './toasts.ts';

const TRIALS = Number(process.env.BENCH_TRIALS ?? 20);
const POLLING_STUDENTS = 4;
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';
const STREAM = '/api/notifications/stream';
const FEED = '/api/notifications';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stats(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => percentile(sorted, q * 100);
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  console.log(
    `${label}: ${sorted.length} samples — median ${at(0.5).toFixed(0)} ms, mean ${mean.toFixed(0)} ms, ` +
      `p90 ${at(0.9).toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms, best ${sorted[0]!.toFixed(0)} ms`,
  );
}

async function login(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status}`);
  // Login sets the device cookie too (issue 15.6): pick the session.
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
  if (!session) throw new Error(`login ${username}: no session cookie`);
  return session.split(';')[0]!;
}

// A signed-in student in a browser context of their own, on /blog (not the volunteer page).
async function studentPage(browser: Browser, base: string, push: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: base });
  if (!push) await context.route(`**${STREAM}`, (route) => route.fulfill({ status: 503 }));
  const page = await context.newPage();
  const tag = randomBytes(4).toString('hex');
  const res = await page.request.post('/api/register', {
    data: {
      username: `bench_${tag}`,
      password: `pw-${tag}-${tag}`,
      name: `Bench Student ${tag}`,
      email: `bench_${tag}@example.test`,
      school: 'Jesuit High School',
      grade: 11,
      serviceHours: 0,
    },
  });
  if (!res.ok()) throw new Error(`register: ${res.status()} ${await res.text()}`);
  const ready = page.waitForResponse((r) => new URL(r.url()).pathname === (push ? STREAM : FEED));
  await page.goto('/blog');
  if ((await ready).status() !== 200) throw new Error('the notification channel did not answer');
  return page;
}

async function create(base: string, cookie: string, title: string): Promise<number> {
  const response = await fetch(`${base}/api/opportunities`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      description: 'Benchmark opportunity: timing the notification path end to end.',
      location: 'Kenner',
      date: new Date(Date.now() + 86_400_000).toISOString(),
      spaces: 10,
    }),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`create answered ${response.status}`);
  return Date.now();
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

    const student = await studentPage(browser, base, true);
    // Warm-up: the toast chunk, JIT, pools.
    const warm = `Warm-up ${runId}`;
    const warmSeen = toastSeen(student, warm);
    warmSeen.catch(() => {}); // a failed create below is the error to report
    await create(base, admin, warm);
    await warmSeen;
    await clearToasts(student);

    const push: number[] = [];
    for (let i = 0; i < TRIALS; i++) {
      const title = `Push trial ${i} ${runId}`;
      const seen = toastSeen(student, title);
      const answered = await create(base, admin, title);
      push.push((await seen) - answered);
      await clearToasts(student);
      await sleep(200);
    }
    stats('push (SSE through nginx)', push);

    if (process.env.BENCH_POLLING !== '0') {
      const students: Page[] = [];
      for (let i = 0; i < POLLING_STUDENTS; i++) {
        students.push(await studentPage(browser, base, false));
        // Spread their 30 s polling phases.
        await sleep(30_000 / POLLING_STUDENTS);
      }
      const polling: number[] = [];
      const rounds = Math.ceil(TRIALS / POLLING_STUDENTS);
      for (let round = 0; round < rounds; round++) {
        await sleep(Math.random() * 30_000);
        const title = `Polling trial ${round} ${runId}`;
        const seen = students.map((page) => toastSeen(page, title));
        const answered = await create(base, admin, title);
        for (const at of await Promise.all(seen)) polling.push(at - answered);
        await Promise.all(students.map(clearToasts));
        process.stdout.write(`  polling round ${round + 1}/${rounds} done\n`);
      }
      stats('polling only (every 30 s, stream refused)', polling.slice(0, TRIALS));
    }
  } finally {
    await browser.close();
    await platform.stop();
  }
}

await main();
