// Issue 34: Lighthouse (pinned 12.2.3, mobile defaults: simulated slow 4G and a mid-range phone's
// CPU) in Debian's Chromium on /auth (signed out) and a student's home, /volunteer (signed up for
// two events) and /service-hours, against the whole platform (scripts/platform.ts) on free ports
// with its own databases.
// Prints each page's performance score, LCP, CLS, TBT and bytes, and every failing
// best-practices audit; exits 1 if any best-practices audit fails. (Lighthouse 12 has no
// installability audit any more: the PWA category went in 12.0; e2e/tests/offline.spec.ts asks
// Chromium itself, Page.getInstallabilityErrors.)
//   node bench/lighthouse.ts   (env: CHROMIUM_PATH, default /usr/bin/chromium; RUNS=1; NO_WORKER=1
//                               refuses /sw.js, to measure what the worker costs; REPORT_DIR=<dir>
//                               keeps each run's whole report)
// The machine is shared: performance figures are noisy; run a few times (RUNS) and read medians.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { build } from '../scripts/build.ts';
import { startPlatform } from '../scripts/platform.ts';
import { ROOT } from '../scripts/workspaces.ts';

const RUNS = Number(process.env.RUNS ?? 1);
const LOCAL_POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function post(base: string, path: string, body: unknown, cookie?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return res;
}

const sessionOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

interface Figures {
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  kib: number;
  bestPractices: number;
  failing: string[];
}

function figures(lhr: Result): Figures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const bp = lhr.categories['best-practices'];
  const failing = (bp?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
    .map((a) => {
      // What each failing audit found (console lines, issue types), to find the cause.
      const items = (
        (a!.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? []
      )
        .map((item) => JSON.stringify(item).slice(0, 600))
        .slice(0, 8);
      return `${a!.id}: ${a!.title}${items.map((i) => `\n      - ${i}`).join('')}`;
    });
  return {
    performance: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    kib: audit('total-byte-weight') / 1024,
    bestPractices: Math.round((bp?.score ?? NaN) * 100),
    failing,
  };
}

async function main(): Promise<void> {
  const runId = `bench${randomBytes(3).toString('hex')}`;
  const dataDir = join(ROOT, '.data', 'bench', runId);
  await build({ quiet: true });
  console.log(`starting the platform (${runId}) …`);
  const platform = await startPlatform({
    port: 0,
    databaseUrl: LOCAL_POSTGRES,
    redisUrl: LOCAL_REDIS,
    dataDir,
    runId,
    mailDir: join(dataDir, 'mail'),
    logDir: join(dataDir, 'logs'),
  });
  const base = platform.url;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  let failed = false;
  try {
    // A student signed up for an event starting tomorrow, and a few other events.
    const admin = sessionOf(await post(base, '/api/login', platform.seed.admin));
    const tag = randomBytes(3).toString('hex');
    const student = await post(base, '/api/register', {
      username: `lh_${tag}`,
      password: `pw-${tag}-lighthouse`,
      name: `Lighthouse ${tag}`,
      email: `lh_${tag}@example.test`,
      school: 'East Jefferson High School',
      grade: 10,
      serviceHours: 0,
    });
    const cookie = sessionOf(student);
    for (let i = 0; i < 6; i += 1) {
      const startsAt = Date.now() + (24 + i) * 3_600_000;
      const created = await post(
        base,
        '/api/opportunities',
        {
          title: `Food bank shift ${i + 1}`,
          description: 'Sorting donations at the loading dock.',
          location: 'Second Harvest loading dock',
          date: new Date(startsAt).toISOString(),
          endsAt: new Date(startsAt + 2 * 3_600_000).toISOString(),
          spaces: 10,
        },
        admin,
      );
      const { id } = (await created.json()) as { id: number };
      if (i < 2) await post(base, `/api/opportunities/${id}/signup`, {}, cookie);
    }

    const pages = [
      { name: '/auth (signed out)', url: `${base}/auth`, headers: {} },
      { name: '/ (student home)', url: `${base}/`, headers: { Cookie: cookie } },
      { name: '/volunteer (student)', url: `${base}/volunteer`, headers: { Cookie: cookie } },
      {
        name: '/service-hours (student)',
        url: `${base}/service-hours`,
        headers: { Cookie: cookie },
      },
    ];
    for (const page of pages) {
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'best-practices'],
          extraHeaders: page.headers,
          // NO_WORKER=1: the same pages with the service worker's script refused (its cost).
          ...(process.env.NO_WORKER ? { blockedUrlPatterns: ['*/sw.js'] } : {}),
        };
        const result = await lighthouse(page.url, flags);
        if (!result) throw new Error(`no Lighthouse result for ${page.url}`);
        runs.push(figures(result.lhr));
        // REPORT_DIR=<folder>: each run's whole report, to find the cause (LCP element, chains).
        if (process.env.REPORT_DIR) {
          mkdirSync(process.env.REPORT_DIR, { recursive: true });
          const file = `${page.name.split(' ')[0]!.slice(1).replace(/\W+/g, '-') || 'home'}-${run + 1}.json`;
          writeFileSync(join(process.env.REPORT_DIR, file), JSON.stringify(result.lhr));
        }
      }
      const failing = [...new Set(runs.flatMap((r) => r.failing))];
      if (failing.length > 0) failed = true;
      console.log(
        `${page.name}: performance ${median(runs.map((r) => r.performance))}, ` +
          `LCP ${(median(runs.map((r) => r.lcpMs)) / 1000).toFixed(2)} s, ` +
          `CLS ${median(runs.map((r) => r.cls)).toFixed(3)}, ` +
          `TBT ${median(runs.map((r) => r.tbtMs)).toFixed(0)} ms, ` +
          `${median(runs.map((r) => r.kib)).toFixed(0)} KiB, ` +
          `best practices ${median(runs.map((r) => r.bestPractices))} ` +
          `(${RUNS} run${RUNS > 1 ? 's' : ''}, medians)`,
      );
      for (const line of failing) console.log(`  FAILING best-practices audit: ${line}`);
    }
  } finally {
    chrome.kill();
    await platform.stop();
  }
  if (failed) process.exit(1);
}

await main();
