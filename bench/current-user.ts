// GET /api/user through the gateway as a signed-in student (issue 2 "Speed": p99 ≤ 10 ms at
// 500 requests/s, and the saturation rate), and the same for a protected call that pays for the
// auth_request subrequest (GET /api/notifications is cheap on its own, so the gateway's identity
// path dominates it).
//
// The fixed rate is paced: one request every 2 ms, whatever the answers do (open loop). autocannon's
// `overallRate` sends each second's quota in a burst, which measures queueing behind the burst
// rather than the latency at that rate; it is still used for the saturation figure.
//
//   node bench/current-user.ts [--duration 15] [--connections 16] [--rate 500] [--warmup 5]
//     [--observability off|on|both|alternate|split]   metrics + tracing off/on (see volunteer-support.ts)
//
// Each paced run is preceded by --warmup seconds at the same rate that are not counted.
//
// Uses DATABASE_URL / REDIS_URL when set, else the local PostgreSQL and Redis.
import autocannon from 'autocannon';
import { pacedLoad } from './raw-http.ts';
import { latencySummary } from './stats.ts';
import {
  arg,
  observabilityModes,
  registerStudent,
  sideBySide,
  startBenchPlatform,
  type ObservabilityMode,
} from './volunteer-support.ts';

const duration = arg('duration', 15);
const connections = arg('connections', 16);
const rate = arg('rate', 500);
const warmup = arg('warmup', 5);

async function paced(base: string, path: string, cookie: string): Promise<string> {
  // Unmeasured first: a freshly started service spends its first seconds compiling the path
  // and growing its heap (a 20-45 ms pause once, here), which is start-up, not steady state.
  const run = await pacedLoad({
    base,
    path,
    headers: { cookie },
    rate,
    seconds: duration,
    warmup,
    connections,
  });
  return `${Math.round(run.achieved)} req/s paced, ${latencySummary(run.latencies)}`;
}

async function saturation(url: string, cookie: string): Promise<string> {
  const result = await autocannon({ url, connections, duration, headers: { cookie } });
  return (
    `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
    `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors + result.timeouts}`
  );
}

async function measure(observability: ObservabilityMode | undefined): Promise<string[]> {
  const bench = await startBenchPlatform({ observability });
  try {
    const cookie = await registerStudent(bench.url, 1);
    const lines: string[] = [];
    for (const path of ['/api/user', '/api/notifications']) {
      lines.push(`GET ${path} through the gateway, ${connections} connections, ${duration} s each`);
      lines.push(`  at ${rate} req/s: ${await paced(bench.url, path, cookie)}`);
      lines.push(`  saturation:  ${await saturation(new URL(path, bench.url).href, cookie)}`);
    }
    return lines;
  } finally {
    await bench.stop();
  }
}

const runs: Array<[ObservabilityMode | undefined, string[]]> = [];
for (const mode of observabilityModes()) runs.push([mode, await measure(mode)]);
process.stdout.write(sideBySide(runs));
