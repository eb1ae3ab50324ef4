// GET /api/user through the gateway as a signed-in student (issue 2 "Speed": p99 ≤ 10 ms at
// 500 requests/s, and the saturation rate). Also the same for a protected call that pays for the
// auth_request subrequest (GET /api/notifications is cheap on its own, so the gateway's identity
// path dominates it).
//
//   node bench/current-user.ts [--duration 20] [--connections 16] [--rate 500]
//
// Uses DATABASE_URL / REDIS_URL when set, else the local PostgreSQL and Redis.
import autocannon from 'autocannon';
import { arg, registerStudent, startBenchPlatform } from './volunteer-support.ts';

const duration = arg('duration', 20);
const connections = arg('connections', 16);
const rate = arg('rate', 500);

async function load(url: string, cookie: string, seconds: number, overallRate?: number) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { cookie, 'accept-encoding': 'gzip' },
    ...(overallRate ? { overallRate } : {}),
  });
  return (
    `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
    `p99 ${result.latency.p99} ms, max ${result.latency.max} ms, non-2xx ${result.non2xx}, ` +
    `errors ${result.errors + result.timeouts}`
  );
}

const bench = await startBenchPlatform();
try {
  const cookie = await registerStudent(bench.url, 1);
  const lines: string[] = [];
  for (const path of ['/api/user', '/api/notifications']) {
    const url = `${bench.url}${path}`;
    await load(url, cookie, 3); // warm-up: connections, JIT, caches
    lines.push(`GET ${path} through the gateway, ${connections} connections, ${duration} s each`);
    lines.push(`  at ${rate} req/s: ${await load(url, cookie, duration, rate)}`);
    lines.push(`  saturation:  ${await load(url, cookie, duration)}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await bench.stop();
}
