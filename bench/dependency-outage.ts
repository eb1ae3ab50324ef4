// Issue 15.2: what a page load gets while Redis or PostgreSQL is down, through the gateway, and
// how soon the platform serves again once the dependency is back (no service restarted).
//
//   npm run build && node bench/dependency-outage.ts [--requests 20]
//
// Redis is a redis-server of this run's own (killed, then started again on the same port);
// PostgreSQL is the local server behind a TCP proxy this run closes and opens again.
// Uses DATABASE_URL for the PostgreSQL server when set.
import { startRedisServer, startTcpProxy } from '@district/service-kit/testing';
import { latencySummary } from './stats.ts';

// Not imported from volunteer-support: that module reads DATABASE_URL / REDIS_URL when loaded,
// which has to happen after they point at this run's Redis and proxy.
const requestsFlag = process.argv.indexOf('--requests');
const requests = requestsFlag >= 0 ? Number(process.argv[requestsFlag + 1]) || 20 : 20;
const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const redis = await startRedisServer();
const pg = await startTcpProxy(server.hostname, Number(server.port || 5432));
const viaProxy = new URL(server);
viaProxy.hostname = '127.0.0.1';
viaProxy.port = String(pg.port);
process.env.DATABASE_URL = viaProxy.toString();
process.env.REDIS_URL = redis.url;
// Read by volunteer-support at import: after the variables above are set.
const { call, cookieOf, registerStudent, startBenchPlatform } =
  await import('./volunteer-support.ts');

type Probe = { name: string; run: () => Promise<Response> };

async function measure(probes: Probe[]): Promise<string[]> {
  const lines: string[] = [];
  for (const probe of probes) {
    const latencies: number[] = [];
    const statuses = new Map<string, number>();
    for (let i = 0; i < requests; i += 1) {
      const started = performance.now();
      const res = await probe.run();
      const type = res.headers.get('content-type') ?? '';
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      const key = `${res.status}${type.startsWith('application/json') ? '' : ' non-JSON'}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    const counts = [...statuses].map(([status, n]) => `${n}× ${status}`).join(', ');
    lines.push(`    ${probe.name}: ${counts}; ${latencySummary(latencies.sort((a, b) => a - b))}`);
  }
  return lines;
}

async function secondsUntil(ok: () => Promise<boolean>): Promise<string> {
  const started = performance.now();
  for (;;) {
    if (await ok()) return `${((performance.now() - started) / 1000).toFixed(2)} s`;
    if (performance.now() - started > 60_000) return 'not within 60 s';
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const bench = await startBenchPlatform();
try {
  const url = bench.url;
  let cookie = await registerStudent(url, 1);
  const username = `outage_${Date.now().toString(36)}`;
  const account = { username, password: 'bench-password-1' };
  await call(`${url}/api/register`, 'POST', undefined, {
    ...account,
    name: 'Outage Student',
    email: `${username}@example.org`,
    school: 'Jesuit High School',
    grade: 10,
  });
  const probes = (): Probe[] => [
    { name: 'GET /api/user', run: () => call(`${url}/api/user`, 'GET', cookie) },
    { name: 'POST /api/login', run: () => call(`${url}/api/login`, 'POST', undefined, account) },
    {
      name: 'GET /api/opportunities',
      run: () => call(`${url}/api/opportunities`, 'GET', cookie),
    },
  ];
  const signedIn = async () => {
    const login = await call(`${url}/api/login`, 'POST', undefined, account);
    if (login.status !== 200) return false;
    cookie = cookieOf(login);
    return (await call(`${url}/api/user`, 'GET', cookie)).status === 200;
  };

  const lines = [`${requests} sequential requests each, through the gateway`];
  await redis.stop();
  lines.push('  Redis killed:', ...(await measure(probes())));
  await redis.start();
  lines.push(`  Redis started again: signed in and served after ${await secondsUntil(signedIn)}`);
  await pg.close();
  lines.push('  PostgreSQL unreachable:', ...(await measure(probes())));
  await pg.open();
  lines.push(`  PostgreSQL reachable again: served after ${await secondsUntil(signedIn)}`);
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await pg.open().catch(() => undefined);
  await redis.start().catch(() => undefined);
  await bench.stop();
  await pg.close();
  await redis.stop();
}
