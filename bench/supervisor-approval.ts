// Approval → directory total: how long after a supervisor's PATCH …/status answers does
// GET /api/directory show the student's total up by the approved hours (outbox → BullMQ →
// svc-auth's hour credits). Everything through the gateway, the whole platform on free ports.
//   node bench/supervisor-approval.ts        (APPROVALS=200 STUDENTS=20)
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { build } from '../scripts/build.ts';
import { startPlatform } from '../scripts/platform.ts';
import { ROOT } from '../scripts/workspaces.ts';
import { percentile } from './stats.ts';

const APPROVALS = Number(process.env.APPROVALS ?? 200);
const STUDENTS = Number(process.env.STUDENTS ?? 20);
const POLL_MS = 10;
const TIMEOUT_MS = 15_000;
const LOCAL_POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function call(base: string, method: string, path: string, cookie?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return { res, json: text ? (JSON.parse(text) as unknown) : null };
}

const cookieOf = (res: Response) => res.headers.getSetCookie()[0]?.split(';')[0] ?? '';

async function main(): Promise<void> {
  await build({ quiet: true });
  const runId = `bench${randomBytes(3).toString('hex')}`;
  const dataDir = join(ROOT, '.data', 'bench', runId);
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
  try {
    const supervisor = cookieOf(
      (await call(base, 'POST', '/api/login', undefined, platform.seed.supervisor)).res,
    );
    const directory = async (): Promise<Map<number, number>> => {
      const { json } = await call(base, 'GET', '/api/directory', supervisor);
      return new Map(
        (json as Array<{ id: number; serviceHours: number }>).map((u) => [u.id, u.serviceHours]),
      );
    };

    // Students, each with pending entries of varying halves.
    const entries: Array<{ id: number; userId: number; hours: number }> = [];
    const students: Array<{ id: number; cookie: string }> = [];
    for (let s = 0; s < STUDENTS; s += 1) {
      const tag = randomBytes(4).toString('hex');
      const { res, json } = await call(base, 'POST', '/api/register', undefined, {
        username: `bench_${tag}`,
        password: `pw-${tag}-${tag}`,
        name: `Bench Student ${tag}`,
        email: `bench_${tag}@example.test`,
        school: 'Jesuit High School',
        grade: 10,
        serviceHours: 0,
      });
      students.push({ id: (json as { id: number }).id, cookie: cookieOf(res) });
    }
    for (let i = 0; i < APPROVALS; i += 1) {
      const student = students[i % STUDENTS];
      const hours = ((i % 8) + 1) / 2;
      const { json } = await call(base, 'POST', '/api/service-hours', student.cookie, {
        hours,
        date: '2025-03-01',
        description: `Benchmark entry ${i} at the food bank`,
      });
      entries.push({ id: (json as { id: number }).id, userId: student.id, hours });
    }

    // One approval at a time: PATCH answered → directory shows the new total.
    const totals = await directory();
    const latencies: number[] = [];
    for (const entry of entries) {
      const expected = (totals.get(entry.userId) ?? 0) + entry.hours;
      await call(base, 'PATCH', `/api/service-hours/${entry.id}/status`, supervisor, {
        status: 'approved',
      });
      const start = performance.now();
      for (;;) {
        const now = await directory();
        if (now.get(entry.userId) === expected) break;
        if (performance.now() - start > TIMEOUT_MS)
          throw new Error(`entry ${entry.id} never reached the directory`);
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      latencies.push(performance.now() - start);
      totals.set(entry.userId, expected);
    }

    const sorted = [...latencies].sort((a, b) => a - b);
    const f = (x: number) => `${x.toFixed(0)} ms`;
    console.log(
      `approval → directory total, ${APPROVALS} approvals, sequential, through the gateway`,
    );
    console.log(
      `  p50 ${f(percentile(sorted, 50))}, p90 ${f(percentile(sorted, 90))}, p99 ${f(percentile(sorted, 99))}, max ${f(sorted[sorted.length - 1])}   (goal p99 ≤ 2000 ms)`,
    );
  } finally {
    await platform.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
