// GET /api/audit (issue 9) with 100,000 records, through the gateway (auth_request included):
// first page (50, newest first) unfiltered, filtered by actor and by action, and a page deep in
// the log by cursor, each at a fixed request rate; p99 is the figure the issue asks about.
//
//   node bench/audit.ts [--records 100000] [--rate 50] [--duration 15]
//
// Records are inserted straight into svc-auth's audit_log, the one merged trail (issue 16; append-
// only: INSERT is allowed), as svc-auth's own and as if they had come from the other services.
// Uses DATABASE_URL / REDIS_URL when set, else the local ones; everything is dropped afterwards.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { build } from '../scripts/build.ts';
import { startPlatform, type PlatformHandle } from '../scripts/platform.ts';

const ROOT = join(import.meta.dirname, '..');

function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isFinite(value) ? value : fallback;
}

const RECORDS = arg('records', 100_000);
const RATE = arg('rate', 50);
const DURATION = arg('duration', 15);
const say = (line: string): void => void process.stdout.write(`${line}\n`);

async function login(url: string, account: { username: string; password: string }) {
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

async function fixedRate(label: string, url: string, headers: Record<string, string>) {
  const result = await autocannon({
    url,
    connections: 10,
    duration: DURATION,
    overallRate: RATE,
    headers,
  });
  say(
    `${label}: ${result.requests.average.toFixed(1)} req/s, p50 ${result.latency.p50} ms, ` +
      `p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ` +
      `non-2xx ${result.non2xx}, errors ${result.errors + result.timeouts}`,
  );
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
  // 20 actors, the four services in turn, a year of history (one record every ~5 minutes).
  await db.query(
    `INSERT INTO auth.audit_log
       (service, source_id, at, actor_id, action, target_type, target_id, outcome, detail)
     SELECT (ARRAY['svc-auth','svc-volunteer','svc-content','svc-hours'])[1 + g % 4],
            gen_random_uuid(),
            now() - (g * interval '315 seconds'),
            1 + (g % 20),
            (ARRAY['user.delete','opportunity.archive','blog.approve','hours.approve'])[1 + g % 4],
            (ARRAY['user','opportunity','blog-post','service-hours'])[1 + g % 4],
            (g % 5000)::text,
            CASE WHEN g % 17 = 0 THEN 'failure' ELSE 'success' END,
            jsonb_build_object('name', 'Student ' || g, 'from', 'Jesuit High School', 'to', 'Rummel High School')
       FROM generate_series(1, $1::int) g`,
    [RECORDS],
  );
  await db.query('ANALYZE auth.audit_log');
  const [{ n }] = (await db.query('SELECT count(*)::int AS n FROM auth.audit_log')).rows as Array<{
    n: number;
  }>;
  say(`platform at ${url}; ${n.toLocaleString('en-US')} audit records`);

  const headers = { cookie: admin, 'accept-encoding': 'gzip, deflate, br' };
  const first = await fetch(`${url}/api/audit`, { headers: { cookie: admin } });
  const body = (await first.json()) as { items: unknown[]; nextCursor: string };
  say(
    `first page: ${first.status}, ${body.items.length} records, next cursor ${body.nextCursor ? 'yes' : 'no'}`,
  );
  // Walk 200 pages (10,000 records) in to measure a deep page by cursor.
  let cursor = body.nextCursor;
  for (let i = 0; i < 200 && cursor; i += 1) {
    const page = (await (
      await fetch(`${url}/api/audit?cursor=${cursor}`, { headers: { cookie: admin } })
    ).json()) as { nextCursor: string };
    cursor = page.nextCursor;
  }

  await fixedRate('warm-up', `${url}/api/audit`, headers);
  await fixedRate(
    `GET /api/audit first page at ${RATE} req/s for ${DURATION} s`,
    `${url}/api/audit`,
    headers,
  );
  await fixedRate('  …filtered by actor', `${url}/api/audit?actor=7`, headers);
  await fixedRate('  …filtered by action', `${url}/api/audit?action=user.delete`, headers);
  await fixedRate(
    '  …filtered by date range (one week, a month ago)',
    `${url}/api/audit?from=${encodeURIComponent(new Date(Date.now() - 37 * 864e5).toISOString())}&to=${encodeURIComponent(new Date(Date.now() - 30 * 864e5).toISOString())}`,
    headers,
  );
  await fixedRate('  …page 201 by cursor', `${url}/api/audit?cursor=${cursor}`, headers);
} finally {
  await db.end().catch(() => undefined);
  await platform.stop();
}
