// GET /api/opportunities?status=active with 200 opportunities, through the gateway (auth_request
// included), as a signed-in student. Prints the saturation rate (autocannon) and the latency at a
// fixed rate sent evenly paced (bench/raw-http.ts), after 3 unmeasured seconds at that rate.
//
//   node bench/volunteer-list.ts [--duration 20] [--connections 32] [--rate 2000]
//   node bench/volunteer-list.ts --service-only [...]   svc-volunteer alone (no gateway, no svc-auth)
//   node bench/volunteer-list.ts --observability off|on|both|alternate|split [...]   metrics + tracing off/on (see volunteer-support.ts)
//
// Uses DATABASE_URL / REDIS_URL when set, else the local PostgreSQL and Redis.
import autocannon from 'autocannon';
import { pacedLoad } from './raw-http.ts';
import { latencySummary } from './stats.ts';
import {
  arg,
  call,
  createOpportunity,
  observabilityModes,
  registerStudent,
  sideBySide,
  startBenchPlatform,
  startVolunteerAlone,
  type ObservabilityMode,
} from './volunteer-support.ts';

const OPPORTUNITIES = 200;
const PATH = '/api/opportunities?status=active';
const duration = arg('duration', 20);
const connections = arg('connections', 32);
const rate = arg('rate', 2000);

interface Run {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  options: { seconds: number; gzip?: boolean },
): Promise<Run> {
  const result = await autocannon({
    url,
    connections,
    duration: options.seconds,
    // A browser sends accept-encoding; the service answers a pre-compressed body then.
    headers: options.gzip ? { ...headers, 'accept-encoding': 'gzip, deflate, br' } : headers,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const show = (label: string, run: Run): string =>
  `${label}: ${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, max ${run.max} ms, ` +
  `non-2xx ${run.non2xx}, errors ${run.errors}`;

// Saturation (autocannon, closed loop) and the fixed rate (paced, open loop: see raw-http.ts),
// compressed and not.
async function measure(base: string, headers: Record<string, string>): Promise<string[]> {
  const url = `${base}${PATH}`;
  await load(url, headers, { seconds: 3, gzip: true }); // warm-up
  const lines: string[] = [];
  for (const gzip of [true, false]) {
    const label = gzip ? 'gzip (browser)' : 'uncompressed';
    // A browser sends accept-encoding; the service answers a pre-compressed body then.
    const sent = gzip ? { ...headers, 'accept-encoding': 'gzip, deflate, br' } : headers;
    lines.push(
      show(`  ${label}, saturation`, await load(url, headers, { seconds: duration, gzip })),
    );
    const paced = await pacedLoad({
      base,
      path: PATH,
      headers: sent,
      rate,
      seconds: duration,
      warmup: 3,
      connections,
    });
    lines.push(
      `  ${label}, at ${rate} req/s paced: ${Math.round(paced.achieved)} req/s, ` +
        latencySummary(paced.latencies),
    );
  }
  return lines;
}

const header = (where: string) =>
  `GET /api/opportunities?status=active, ${OPPORTUNITIES} opportunities, ${where}, ${connections} connections, ${duration} s each`;

if (process.argv.includes('--service-only')) {
  const service = await startVolunteerAlone();
  try {
    const admin = { 'x-identity': service.token(1, true), 'content-type': 'application/json' };
    for (let i = 0; i < OPPORTUNITIES; i++) {
      await fetch(`${service.base}/api/opportunities`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({
          title: `Bench opportunity ${i}`,
          description:
            'Help neighbours with a community project: sorting donations, packing boxes and greeting visitors.',
          location: `Community Center ${i}`,
          date: new Date(Date.now() + (i + 1) * 86_400_000).toISOString(),
          spaces: 25,
        }),
      });
    }
    const lines = await measure(service.base, { 'x-identity': service.token(7) });
    process.stdout.write(`${[header('svc-volunteer alone'), ...lines].join('\n')}\n`);
  } finally {
    await service.stop();
  }
} else {
  const runs: Array<[ObservabilityMode | undefined, string[]]> = [];
  for (const mode of observabilityModes()) runs.push([mode, await throughGateway(mode)]);
  process.stdout.write(sideBySide(runs));
}

async function throughGateway(observability: ObservabilityMode | undefined): Promise<string[]> {
  const bench = await startBenchPlatform({ observability });
  try {
    process.stdout.write(`platform up at ${bench.url}; creating ${OPPORTUNITIES} opportunities…\n`);
    const ids: number[] = [];
    for (let i = 0; i < OPPORTUNITIES; i++) ids.push(await createOpportunity(bench, i, 25));
    const student = await registerStudent(bench.url, 1);
    // Some capacity to count.
    for (const id of ids.slice(0, 50))
      await call(`${bench.url}/api/opportunities/${id}/signup`, 'POST', student);
    for (const id of ids.slice(0, 20))
      await call(`${bench.url}/api/opportunities/${id}/signup`, 'POST', bench.adminCookie);

    const sample = await call(`${bench.url}${PATH}`, 'GET', student);
    const body = (await sample.json()) as unknown[];
    process.stdout.write(`response: ${body.length} opportunities\n`);
    const lines = await measure(bench.url, { cookie: student });
    // The gateway's own floor: the same auth_request path with a trivial answer.
    lines.push(
      show(
        '  for comparison, GET /api/user',
        await load(`${bench.url}/api/user`, { cookie: student }, { seconds: duration }),
      ),
    );
    return [header('through the gateway'), ...lines];
  } finally {
    await bench.stop();
  }
}
