// Issue 18: from a withdrawal to the promoted student's toast. A student waits on the waitlists of
// --trials full one-space opportunities, in a Chromium page of their own (on /blog, stream open);
// the holder withdraws from each in turn, and the time from sending the withdrawal to the first
// frame showing "You're signed up: <title>" is recorded (the promotion commits with the
// withdrawal; then svc-volunteer's relay, svc-content's consumer, the SSE push through nginx and
// the shell's toast). Starts the whole platform behind nginx (volunteer-support.ts).
// Run: node bench/promotion-latency.ts [--trials 100]   (env: CHROMIUM_PATH)
import { chromium } from 'playwright-core';
import { latencySummary } from './stats.ts';
import { clearToasts, toastSeen } from './toasts.ts';
import {
  arg,
  call,
  createOpportunity,
  registerStudent,
  startBenchPlatform,
} from './volunteer-support.ts';

const TRIALS = arg('trials', 100);
const WARMUP = 3;
const STREAM = '/api/notifications/stream';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const bench = await startBenchPlatform();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const { url } = bench;
    const holder = await registerStudent(url, 0);
    const waiting = await registerStudent(url, 1);

    // Full opportunities (the holder in each one's only space), the student in each line.
    // Four-digit numbers: no title is the start of another.
    const opportunities: Array<{ id: number; title: string }> = [];
    for (let i = 0; i < WARMUP + TRIALS; i++) {
      const id = await createOpportunity(bench, 1000 + i, 1);
      for (const [cookie, path, status] of [
        [holder, 'signup', 201],
        [waiting, 'waitlist', 200],
      ] as const) {
        const res = await call(`${url}/api/opportunities/${id}/${path}`, 'POST', cookie);
        if (res.status !== status) throw new Error(`${path} answered ${res.status}`);
      }
      opportunities.push({ id, title: `Bench opportunity ${1000 + i}` });
    }

    const context = await browser.newContext({ baseURL: url });
    await context.addCookies([
      { name: 'sid', value: waiting.split('=')[1]!, url, httpOnly: true, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    const ready = page.waitForResponse((r) => new URL(r.url()).pathname === STREAM);
    await page.goto('/blog');
    if ((await ready).status() !== 200) throw new Error('the notification stream did not answer');
    await sleep(500);
    await clearToasts(page);

    const fromRequest: number[] = [];
    const fromAnswer: number[] = [];
    for (const [i, { id, title }] of opportunities.entries()) {
      const seen = toastSeen(page, `You're signed up: ${title}`);
      const sent = Date.now();
      const res = await call(`${url}/api/opportunities/${id}/signup`, 'DELETE', holder);
      const answered = Date.now();
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`withdraw answered ${res.status}`);
      const at = await seen;
      if (i >= WARMUP) {
        fromRequest.push(at - sent);
        fromAnswer.push(at - answered);
      }
      await clearToasts(page);
      await sleep(100);
    }
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    console.log(`promotions measured: ${fromRequest.length} (after ${WARMUP} warm-up)`);
    console.log(
      `withdrawal sent → promoted student's toast: ${latencySummary(sorted(fromRequest))}`,
    );
    console.log(`withdrawal answered → toast: ${latencySummary(sorted(fromAnswer))}`);
    await context.close();
  } finally {
    await browser.close();
    await bench.stop();
  }
}

await main();
