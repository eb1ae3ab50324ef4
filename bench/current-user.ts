// GET /api/user through the gateway as a signed-in student (issue 2 "Speed": p99 ≤ 10 ms at
// 500 requests/s, and the saturation rate), and the same for a protected call that pays for the
// auth_request subrequest (GET /api/notifications is cheap on its own, so the gateway's identity
// path dominates it).
//
// The fixed rate is paced: one request every 2 ms, whatever the answers do (open loop). autocannon's
// `overallRate` sends each second's quota in a burst, which measures queueing behind the burst
// rather than the latency at that rate; it is still used for the saturation figure.
//
//   node bench/current-user.ts [--duration 15] [--connections 16] [--rate 500]
//
// Uses DATABASE_URL / REDIS_URL when set, else the local PostgreSQL and Redis.
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { arg, registerStudent, startBenchPlatform } from './volunteer-support.ts';

const duration = arg('duration', 15);
const connections = arg('connections', 16);
const rate = arg('rate', 500);

function get(url: URL, cookie: string, agent: Agent): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`${url.pathname} answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function paced(url: URL, cookie: string): Promise<string> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  for (let i = 0; i < 1000; i++) await get(url, cookie, agent); // warm-up
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < rate * duration; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(get(url, cookie, agent).then((ms) => void latencies.push(ms)));
  }
  await Promise.all(pending);
  const achieved = latencies.length / ((performance.now() - start) / 1000);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return (
    `${Math.round(achieved)} req/s paced, p50 ${at(0.5).toFixed(1)} ms, ` +
    `p99 ${at(0.99).toFixed(1)} ms, max ${latencies[latencies.length - 1].toFixed(1)} ms`
  );
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
    const url = new URL(path, bench.url);
    lines.push(`GET ${path} through the gateway, ${connections} connections, ${duration} s each`);
    lines.push(`  at ${rate} req/s: ${await paced(url, cookie)}`);
    lines.push(`  saturation:  ${await saturation(url.href, cookie)}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await bench.stop();
}
