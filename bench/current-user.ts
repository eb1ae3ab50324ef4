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
//
// Each paced run is preceded by --warmup seconds at the same rate that are not counted.
//
// Uses DATABASE_URL / REDIS_URL when set, else the local PostgreSQL and Redis.
import autocannon from 'autocannon';
import { RawHttpConnection } from './raw-http.ts';
import { arg, registerStudent, startBenchPlatform } from './volunteer-support.ts';

const duration = arg('duration', 15);
const connections = arg('connections', 16);
const rate = arg('rate', 500);
const warmup = arg('warmup', 5);

// Kept-alive connections handed to one request at a time; a request that finds none free waits,
// and that wait counts in its latency (as a browser's would). The raw client keeps the load
// generator's own CPU and GC pauses out of the figure: with node:http's client it added 1-4 ms
// at p99 over what nginx logged as the request time.
class ConnectionPool {
  private readonly free: RawHttpConnection[];
  private readonly waiting: Array<(connection: RawHttpConnection) => void> = [];

  constructor(all: RawHttpConnection[]) {
    this.free = [...all];
  }

  acquire(): Promise<RawHttpConnection> {
    const connection = this.free.pop();
    if (connection) return Promise.resolve(connection);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(connection: RawHttpConnection): void {
    const next = this.waiting.shift();
    if (next) next(connection);
    else this.free.push(connection);
  }
}

async function get(pool: ConnectionPool, request: Buffer, path: string): Promise<number> {
  const started = performance.now();
  const connection = await pool.acquire();
  try {
    const answer = await connection.send(request);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    return performance.now() - started;
  } finally {
    pool.release(connection);
  }
}

// Requests sent on a fixed schedule for `seconds`, whatever the answers do; their latencies.
async function runPaced(pool: ConnectionPool, request: Buffer, path: string, seconds: number) {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(get(pool, request, path).then((ms) => void latencies.push(ms)));
  }
  await Promise.all(pending);
  return { latencies, achieved: latencies.length / ((performance.now() - start) / 1000) };
}

async function paced(base: string, path: string, cookie: string): Promise<string> {
  const all = await Promise.all(
    Array.from({ length: connections }, () => RawHttpConnection.open(base)),
  );
  const pool = new ConnectionPool(all);
  const request = (all[0] as RawHttpConnection).prepare('GET', path, { cookie });
  try {
    // Unmeasured first: a freshly started service spends its first seconds compiling the path
    // and growing its heap (a 20-45 ms pause once, here), which is start-up, not steady state.
    await runPaced(pool, request, path, warmup);
    const { latencies, achieved } = await runPaced(pool, request, path, duration);
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] as number;
    return (
      `${Math.round(achieved)} req/s paced, p50 ${at(0.5).toFixed(1)} ms, ` +
      `p99 ${at(0.99).toFixed(1)} ms, max ${(latencies.at(-1) as number).toFixed(1)} ms`
    );
  } finally {
    for (const connection of all) connection.close();
  }
}

async function saturation(url: string, cookie: string): Promise<string> {
  const result = await autocannon({ url, connections, duration, headers: { cookie } });
  return (
    `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
    `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors + result.timeouts}`
  );
}

const bench = await startBenchPlatform();
try {
  const cookie = await registerStudent(bench.url, 1);
  const lines: string[] = [];
  for (const path of ['/api/user', '/api/notifications']) {
    lines.push(`GET ${path} through the gateway, ${connections} connections, ${duration} s each`);
    lines.push(`  at ${rate} req/s: ${await paced(bench.url, path, cookie)}`);
    lines.push(`  saturation:  ${await saturation(new URL(path, bench.url).href, cookie)}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await bench.stop();
}
