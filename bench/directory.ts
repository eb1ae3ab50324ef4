// The directory's figures (issue 5), through the gateway (auth_request included):
//   1. GET /api/directory with 5,000 users: gzip payload, and latency at a fixed 50 requests/s
//      (also while an admin changes a school every second, so the cache keeps being rebuilt);
//   2. typing in the /directory search box with 5,000 students: each keystroke's interaction
//      time in Chromium (Event Timing API, as INP measures it), as an admin (the heaviest cards);
//   3. GET /api/backup/users with 100,000 users: time, and svc-auth's RSS idle vs peak.
//
//   node bench/directory.ts [--users 5000] [--rate 50] [--duration 20] [--backup-users 100000]
//                           [--skip-browser] [--skip-backup] [--only-open]
//   --only-open: only step 2b (every school opened by hand: cards in the DOM, click and scroll times).
//
// Users are inserted straight into svc-auth's tables (argon2 for 100,000 registrations would take
// an hour); only svc-auth reads them. Uses DATABASE_URL / REDIS_URL when set, else the local ones.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { build } from '../scripts/build.ts';
import { startPlatform, type PlatformHandle } from '../scripts/platform.ts';
import { SCHOOL_NAMES } from '../packages/contracts/src/schools.ts';

const ROOT = join(import.meta.dirname, '..');

function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isFinite(value) ? value : fallback;
}
const flag = (name: string): boolean => process.argv.includes(`--${name}`);

const USERS = arg('users', 5000);
const RATE = arg('rate', 50);
const DURATION = arg('duration', 20);
const BACKUP_USERS = arg('backup-users', 100_000);
const say = (line: string): void => void process.stdout.write(`${line}\n`);

// Realistic enough for compression: varied first and last names, every registry school plus a
// few legacy spellings, a third with avatars, hours in halves, some approved-hour credits.
const FIRST = [
  'Ava',
  'Liam',
  'Noah',
  'Emma',
  'Mia',
  'Lucas',
  'Zoe',
  'Elijah',
  'Chloe',
  'Mateo',
  'Aaliyah',
  'Jayden',
  'Sofia',
  'Caleb',
  'Layla',
  'Isaiah',
  'Nora',
  'Andre',
  'Camila',
  'Tyrese',
  'Hannah',
  'Diego',
  'Imani',
  'Tran',
  'Ngoc',
  'Kai',
  'Brianna',
  'Malik',
  'Grace',
  'Julien',
];
const LAST = [
  'Nguyen',
  'Johnson',
  'Williams',
  'Broussard',
  'Landry',
  'Hebert',
  'Thibodeaux',
  'Martinez',
  'Smith',
  'Tran',
  'Robichaux',
  'Jackson',
  'Guidry',
  'Le',
  'Brown',
  'Fontenot',
  'Davis',
  'Hernandez',
  'Boudreaux',
  'Pham',
  'Washington',
  'Lopez',
  'Arceneaux',
  'Clark',
  'Richard',
  'Walker',
  'Dupre',
  'Young',
  'Castillo',
  'Mouton',
];

async function seedUsers(db: pg.Client, from: number, to: number): Promise<void> {
  await db.query(
    `INSERT INTO auth.users (username, password_hash, name, email, school, grade, service_hours, avatar_url)
     SELECT 'bench_' || g,
            '$argon2id$v=19$m=19456,t=2,p=1$' || md5(g::text) || '$' || md5('x' || g),
            ($3::text[])[1 + (g * 7) % array_length($3::text[], 1)] || ' ' ||
              ($4::text[])[1 + (g * 13) % array_length($4::text[], 1)] ||
              CASE WHEN g % 5 = 0 THEN '-' || ($4::text[])[1 + g % array_length($4::text[], 1)] ELSE '' END,
            'bench' || g || '@example.org',
            CASE WHEN g % 50 = 0 THEN (ARRAY['PFT', 'east jeff', 'T. Jefferson', 'St. Somewhere Academy'])[1 + g % 4]
                 ELSE ($5::text[])[1 + (g * 5) % array_length($5::text[], 1)] END,
            6 + (g / 21) % 7,
            (g % 41) / 2.0,
            CASE WHEN g % 3 = 0 THEN '/api/avatars/' || g || '-' || substr(md5('a' || g), 1, 16) || '.webp' END
       FROM generate_series($1::int, $2::int) g`,
    [from, to, FIRST, LAST, SCHOOL_NAMES],
  );
}

// Raw bytes as the browser receives them (fetch would decode the gzip body silently).
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface Latency {
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

async function fixedRate(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Latency> {
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    overallRate: RATE,
    headers,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const showLatency = (label: string, run: Latency): string =>
  `${label}: ${run.rps.toFixed(1)} req/s, p50 ${run.p50} ms, p97.5 ${run.p97_5} ms, p99 ${run.p99} ms, ` +
  `max ${run.max} ms, non-2xx ${run.non2xx}, errors ${run.errors}`;

function rssOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) =>
    Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

async function login(
  url: string,
  account: { username: string; password: string },
): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const raw = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!raw) throw new Error('no session cookie');
  return raw.split(';')[0] as string;
}

async function keystrokes(url: string, cookie: string, who: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ baseURL: url });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url }]);
    const page = await context.newPage();
    // Every event slower than 16 ms, grouped by interaction (what INP reports per keystroke).
    await page.addInitScript(() => {
      const w = window as unknown as {
        __events: Array<{ id: number; name: string; duration: number }>;
      };
      w.__events = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceEventTiming[]) {
          if (e.interactionId)
            w.__events.push({ id: e.interactionId, name: e.name, duration: e.duration });
        }
      }).observe({
        type: 'event',
        buffered: true,
        durationThreshold: 16,
      } as PerformanceObserverInit);
    });
    await page.goto('/directory');
    const box = page.getByRole('searchbox');
    await box.waitFor({ timeout: 60_000 });
    // Let the first render and the lazy chunks settle.
    await page.waitForTimeout(1500);
    const report: string[] = [];
    for (const query of ['ava nguyen', 'a', 'jesuit 10', 'east jeff', '12']) {
      await page.evaluate(() => ((window as unknown as { __events: unknown[] }).__events = []));
      await box.fill('');
      await page.waitForTimeout(300);
      await page.evaluate(() => ((window as unknown as { __events: unknown[] }).__events = []));
      const started = Date.now();
      await box.pressSequentially(query, { delay: 120 });
      await page.waitForTimeout(600);
      const events = await page.evaluate(
        () => (window as unknown as { __events: Array<{ id: number; duration: number }> }).__events,
      );
      // Interaction time = the longest event of that interaction (keydown, input, keyup).
      const perInteraction = new Map<number, number>();
      for (const e of events)
        perInteraction.set(e.id, Math.max(perInteraction.get(e.id) ?? 0, e.duration));
      const slow = [...perInteraction.values()].sort((a, b) => b - a);
      const shown = await page.locator('.dir-summary').textContent();
      report.push(
        `  "${query}": ${query.length} keystrokes in ${Date.now() - started} ms; ` +
          `${slow.length} interactions over 16 ms, worst ${slow[0] ?? '<16'} ms; list: ${shown?.trim() || 'all'}`,
      );
    }
    say(`search box, 5,000 students, ${who} view (Chromium, Event Timing API, events ≥16 ms):`);
    for (const line of report) say(line);
    await context.close();
  } finally {
    await browser.close();
  }
}

// Issue 14.5: every school opened by hand (no search), as an admin: each click's interaction
// time, how many cards the DOM then holds, and the worst frame while scrolling to the bottom.
async function openEverySchool(url: string, cookie: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      baseURL: url,
      viewport: { width: 1280, height: 800 },
    });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __events: Array<{ id: number; duration: number }> };
      w.__events = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceEventTiming[])
          if (e.interactionId) w.__events.push({ id: e.interactionId, duration: e.duration });
      }).observe({
        type: 'event',
        buffered: true,
        durationThreshold: 16,
      } as PerformanceObserverInit);
    });
    await page.goto('/directory');
    await page.getByRole('searchbox').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    const toggles = page.locator('.dir-toggle--school');
    const count = await toggles.count();
    const started = Date.now();
    for (let i = 0; i < count; i += 1) {
      await toggles.nth(i).click();
      await page.waitForTimeout(250);
    }
    await page.waitForTimeout(600);
    const events = await page.evaluate(
      () => (window as unknown as { __events: Array<{ id: number; duration: number }> }).__events,
    );
    const perClick = new Map<number, number>();
    for (const e of events) perClick.set(e.id, Math.max(perClick.get(e.id) ?? 0, e.duration));
    const slow = [...perClick.values()].sort((a, b) => b - a);
    const dom = await page.evaluate(() => ({
      cards: document.querySelectorAll('.dir-card').length,
      nodes: document.getElementsByTagName('*').length,
      height: document.documentElement.scrollHeight,
    }));
    // Scroll to the bottom a screen at a time; the worst gap between two animation frames.
    const worstFrame = await page.evaluate(async () => {
      let worst = 0;
      let last = performance.now();
      const frame = () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame((t) => {
            worst = Math.max(worst, t - last);
            last = t;
            resolve();
          }),
        );
      await frame();
      last = performance.now();
      while (window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 2) {
        window.scrollBy(0, window.innerHeight);
        await frame();
        await frame();
      }
      return worst;
    });
    const cardsAtBottom = await page.locator('.dir-card').count();
    say(`every school opened by hand, 5,000 students, admin view, 1280×800 (Chromium):`);
    say(
      `  ${count} clicks in ${Date.now() - started} ms; ${slow.length} over 16 ms, worst ${slow[0]?.toFixed(0) ?? '<16'} ms; ` +
        `DOM then holds ${dom.cards} cards, ${dom.nodes} elements, page ${dom.height} px tall`,
    );
    say(
      `  scrolling to the bottom a screen at a time: worst frame ${worstFrame.toFixed(0)} ms; ${cardsAtBottom} cards in the DOM at the bottom`,
    );
    await context.close();
  } finally {
    await browser.close();
  }
}

await build({ quiet: true });
const runId = `bench_${randomBytes(4).toString('hex')}`;
const dataDir = join(ROOT, '.data', 'bench');
const platform: PlatformHandle = await startPlatform({
  port: 0,
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  dataDir,
  runId,
  mailDir: join(dataDir, `mail-${runId}`),
  logDir: join(dataDir, `logs-${runId}`),
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  verbose: false,
});
const db = new pg.Client({ connectionString: platform.databases['svc-auth'] });
try {
  await db.connect();
  const url = platform.url;
  const admin = await login(url, platform.seed.admin);
  const existing = Number((await db.query('SELECT count(*)::int AS n FROM auth.users')).rows[0].n);
  await seedUsers(db, 1, USERS - existing);
  // Approved-hour credits for a tenth of them (the directory sums them in its one query).
  await db.query(
    `INSERT INTO auth.hour_credits (log_id, user_id, hours)
     SELECT id, id, 1.5 FROM auth.users WHERE id % 10 = 0`,
  );
  say(`platform at ${url}; ${USERS} users in the directory`);

  if (flag('only-open')) {
    await openEverySchool(url, admin);
  } else {
    // 1. Payload.
    const gz = await rawGet(`${url}/api/directory`, { cookie: admin, 'accept-encoding': 'gzip' });
    const plain = await rawGet(`${url}/api/directory`, {
      cookie: admin,
      'accept-encoding': 'identity',
    });
    say(
      `GET /api/directory payload: ${(gz.bytes / 1024).toFixed(1)} KB gzip ` +
        `(content-encoding ${String(gz.headers['content-encoding'])}), ${(plain.bytes / 1024).toFixed(1)} KB uncompressed`,
    );

    // 2. Latency at a fixed rate, as browsers ask (gzip accepted, no If-None-Match: a full body each time).
    const headers = { cookie: admin, 'accept-encoding': 'gzip, deflate, br' };
    await fixedRate(`${url}/api/directory`, headers, 3);
    // For scale on this machine at this moment: the lightest signed-in call, at the same rate.
    say(
      showLatency(
        `baseline GET /api/user at ${RATE} req/s for 10 s`,
        await fixedRate(`${url}/api/user`, headers, 10),
      ),
    );
    say(
      showLatency(
        `GET /api/directory at ${RATE} req/s for ${DURATION} s`,
        await fixedRate(`${url}/api/directory`, headers, DURATION),
      ),
    );

    // The same while an admin moves a student every second (each move rebuilds the cached answer).
    const mover = (async () => {
      const ids = (await db.query('SELECT id FROM auth.users ORDER BY id DESC LIMIT 40')).rows.map(
        (r) => Number(r.id),
      );
      const stopAt = Date.now() + DURATION * 1000;
      let i = 0;
      while (Date.now() < stopAt) {
        await fetch(`${url}/api/users/${ids[i % ids.length]}/school`, {
          method: 'PATCH',
          headers: { cookie: admin, 'content-type': 'application/json' },
          body: JSON.stringify({ school: SCHOOL_NAMES[i % SCHOOL_NAMES.length] }),
        });
        i += 1;
        await new Promise((r) => setTimeout(r, 1000));
      }
      return i;
    })();
    const churn = await fixedRate(`${url}/api/directory`, headers, DURATION);
    say(showLatency(`  …with a school change every second (${await mover} changes)`, churn));

    // A browser revalidating its copy gets a 304.
    const etag = String((await rawGet(`${url}/api/directory`, headers)).headers.etag);
    say(
      showLatency(
        `  …revalidations (If-None-Match → 304, counted as non-2xx)`,
        await fixedRate(`${url}/api/directory`, { ...headers, 'if-none-match': etag }, 10),
      ),
    );

    // 3. Typing in the search box.
    if (!flag('skip-browser')) {
      const student = await fetch(`${url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `bench_viewer_${runId}`,
          password: 'bench-password-1',
          name: 'Bench Viewer',
          email: 'viewer@example.org',
          school: 'Jesuit High School',
          grade: 10,
        }),
      });
      const studentCookie = (student.headers.getSetCookie()[0] ?? '').split(';')[0] as string;
      await keystrokes(url, studentCookie, 'student');
      await keystrokes(url, admin, 'admin (school dropdown and delete button on each card)');
      await openEverySchool(url, admin);
    }

    // 4. Backup of 100,000 users, svc-auth's memory watched from /proc.
    if (!flag('skip-backup')) {
      const now = Number((await db.query('SELECT count(*)::int AS n FROM auth.users')).rows[0].n);
      const maxId = Number((await db.query('SELECT max(id)::int AS n FROM auth.users')).rows[0].n);
      await seedUsers(db, maxId + 1, maxId + BACKUP_USERS - now);
      const pid = platform.services.find((s) => s.name === 'svc-auth')!.process.pid;
      await new Promise((r) => setTimeout(r, 2000));
      const idle = rssOf(pid).rss;
      // Reset the kernel's peak-RSS counter so VmHWM covers the download only.
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid).rss)), 10);
      const started = performance.now();
      const res = await rawGet(`${url}/api/backup/users`, {
        cookie: admin,
        'accept-encoding': 'identity',
      });
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, rssOf(pid).hwm);
      say(
        `GET /api/backup/users, ${BACKUP_USERS.toLocaleString('en-US')} users: ${(res.bytes / 1024 / 1024).toFixed(1)} MB in ` +
          `${seconds.toFixed(2)} s (${res.status}, ${String(res.headers['content-disposition'])}); ` +
          `svc-auth RSS idle ${(idle / 1048576).toFixed(0)} MB, peak ${(peak / 1048576).toFixed(0)} MB ` +
          `(+${((peak - idle) / 1048576).toFixed(1)} MB)`,
      );
    }
  }
} finally {
  await db.end().catch(() => undefined);
  await platform.stop();
}
