// GET /api/service-hours/export.csv with 100,000 entries (issue 19): time to the last byte
// through the gateway, bytes, rows, and svc-hours's resident memory (RSS) before and at its peak
// during the download, sampled from /proc every 10 ms.
//   node bench/hours-export.ts            (ROWS=100000 STUDENTS=2000 RUNS=3)
// Starts the whole platform (scripts/platform.ts) on free ports with its own databases, seeds the
// replica and the entries straight into svc-hours's tables, then drops it all.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { SCHOOL_NAMES } from '../packages/contracts/src/schools.ts';
import { build } from '../scripts/build.ts';
import { call, cookieOf, startBenchPlatform } from './volunteer-support.ts';

const ROWS = Number(process.env.ROWS ?? 100_000);
const STUDENTS = Number(process.env.STUDENTS ?? 2_000);
const RUNS = Number(process.env.RUNS ?? 3);
const say = (line: string) => console.log(line);
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

await build({ quiet: true });
const { platform, stop } = await startBenchPlatform();
const db = new pg.Client({ connectionString: platform.databases['svc-hours'] });
try {
  await db.connect();
  const hours = platform.services.find((s) => s.name === 'svc-hours');
  if (!hours) throw new Error('svc-hours is not running');
  // Replica rows and entries straight into svc-hours's schema; some descriptions need quoting
  // or neutralising, as real ones do.
  await db.query(
    `INSERT INTO hours.users (id, name, school, school_name, grade, source_at)
     SELECT 100000 + g, 'Bench Student ' || g, s, s, 6 + g % 7, now()
       FROM generate_series(1, $1::int) g, LATERAL (SELECT ($2::text[])[1 + g % array_length($2::text[], 1)] AS s) x`,
    [STUDENTS, SCHOOL_NAMES],
  );
  await db.query(
    `INSERT INTO hours.service_hours_logs (user_id, hours, description, date)
     SELECT 100000 + 1 + g % $2::int, 0.5 + (g % 8) / 2.0,
            CASE WHEN g % 10 = 0 THEN '=Food bank, "north" shelf ' || g ELSE 'Sorted cans at the food bank, shift ' || g END,
            DATE '2024-01-01' + g % 600
       FROM generate_series(1, $1::int) g`,
    [ROWS, STUDENTS],
  );
  await db.query(`ANALYZE hours.service_hours_logs; ANALYZE hours.users`);
  const signIn = await call(
    `${platform.url}/api/login`,
    'POST',
    undefined,
    platform.seed.supervisor,
  );
  const supervisor = cookieOf(signIn);
  say(`platform at ${platform.url}; ${ROWS} entries, ${STUDENTS} students`);

  for (let run = 1; run <= RUNS; run++) {
    const pid = hours.process.pid;
    const before = rssKb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 10);
    const started = performance.now();
    const res = await fetch(`${platform.url}/api/service-hours/export.csv`, {
      headers: { cookie: supervisor },
    });
    let firstByte = NaN;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (Number.isNaN(firstByte)) firstByte = performance.now() - started;
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) lines++;
    }
    const total = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, rssKb(pid));
    say(
      `run ${run}: status ${res.status}, ${lines} lines (header + rows; quoted descriptions hold no newlines), ` +
        `${(bytes / 1024 / 1024).toFixed(1)} MB, first byte ${firstByte.toFixed(0)} ms, ` +
        `last byte ${(total / 1000).toFixed(2)} s; svc-hours RSS ${mb(before)} before, peak ${mb(peak)} (+${mb(peak - before)})`,
    );
  }
} finally {
  await db.end().catch(() => undefined);
  await stop();
}
