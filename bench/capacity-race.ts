// The capacity race: 200 different signed-in students sign up at the same moment for an
// opportunity with 10 spaces, repeated 20 times on fresh opportunities. Prints, per burst, how
// many were accepted and refused and how long the burst took (first request sent to last answer),
// then the CPU each part of the platform used during the measured bursts. The first --warmup
// bursts (default 3) are checked and printed but not counted: they pay for V8 compiling the path.
//
//   node bench/capacity-race.ts [--students 200] [--spaces 10] [--rounds 20] [--warmup 3]
//   node bench/capacity-race.ts --service-only [...]     svc-volunteer alone (identity tokens
//                                                         signed here), to split service from gateway
//
// Uses DATABASE_URL / REDIS_URL when set, else the local PostgreSQL and Redis.
import {
  arg,
  createOpportunity,
  registerStudent,
  startBenchPlatform,
  startVolunteerAlone,
} from './volunteer-support.ts';
import { cpuSince, cpuSnapshot } from './process-cpu.ts';
import { percentile } from './stats.ts';
import { RawHttpConnection } from './raw-http.ts';

const students = arg('students', 200);
const spaces = arg('spaces', 10);
const rounds = arg('rounds', 20);
// Unmeasured bursts first: the sign-up path's first runs pay for V8 compiling it.
const warmupRounds = arg('warmup', 3);
const serviceOnly = process.argv.includes('--service-only');

interface Target {
  label: string;
  base: string;
  // Request headers that sign in student i.
  student: (i: number) => Record<string, string>;
  create: (round: number) => Promise<number>;
  stop: () => Promise<void>;
}

async function gatewayTarget(): Promise<Target> {
  const bench = await startBenchPlatform();
  process.stdout.write(`platform up at ${bench.url}; registering ${students} students…\n`);
  const cookies: string[] = [];
  for (let i = 0; i < students; i += 10) {
    const batch = Array.from({ length: Math.min(10, students - i) }, (_, k) =>
      registerStudent(bench.url, i + k),
    );
    cookies.push(...(await Promise.all(batch)));
  }
  return {
    label: 'through the gateway (auth_request per request)',
    base: bench.url,
    student: (i) => ({ cookie: cookies[i] as string }),
    create: (round) => createOpportunity(bench, 1000 + round, spaces),
    stop: () => bench.stop(),
  };
}

async function serviceTarget(): Promise<Target> {
  const service = await startVolunteerAlone();
  const tokens = Array.from({ length: students }, (_, i) => service.token(100 + i));
  const adminToken = service.token(1, true);
  return {
    label: 'svc-volunteer alone',
    base: service.base,
    student: (i) => ({ 'x-identity': tokens[i] as string }),
    create: async (round) => {
      const res = await fetch(`${service.base}/api/opportunities`, {
        method: 'POST',
        headers: { 'x-identity': adminToken, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Race ${round}`,
          description: 'Capacity race',
          location: 'Bench',
          date: new Date(Date.now() + 86_400_000).toISOString(),
          spaces,
        }),
      });
      return ((await res.json()) as { id: number }).id;
    },
    stop: service.stop,
  };
}

const target = serviceOnly ? await serviceTarget() : await gatewayTarget();
let connections: RawHttpConnection[] = [];
try {
  const everyone = Array.from({ length: students }, (_, i) => i);
  // One kept-alive connection per student, opened before the bursts, as 200 browsers would have.
  connections = await Promise.all(everyone.map(() => RawHttpConnection.open(target.base)));
  const send = (s: number, method: 'GET' | 'POST', path: string) => {
    const connection = connections[s] as RawHttpConnection;
    return connection.send(connection.prepare(method, path, target.student(s)));
  };
  // Warm every connection and the request path so the bursts measure the race, not set-up.
  for (let i = 0; i < 2; i++) {
    await Promise.all(everyone.map((s) => send(s, 'GET', '/api/opportunities?status=archived')));
  }

  // One burst on a fresh opportunity: every student at once, then the stored sign-ups.
  const burst = async (round: number) => {
    const id = await target.create(round);
    const requests = everyone.map((s) =>
      (connections[s] as RawHttpConnection).prepare(
        'POST',
        `/api/opportunities/${id}/signup`,
        target.student(s),
      ),
    );
    const started = performance.now();
    const answers = await Promise.all(
      everyone.map((s) => (connections[s] as RawHttpConnection).send(requests[s] as Buffer)),
    );
    const ms = performance.now() - started;
    const accepted = answers.filter((a) => a.status === 201).length;
    const full = answers.filter(
      (a) => a.status === 409 && a.body.includes('This opportunity is full'),
    ).length;
    const server = answers.filter((a) => a.status >= 500).length;
    const other = answers.length - accepted - full - server;
    const list = await send(0, 'GET', `/api/opportunities/${id}/signups`);
    const stored = (JSON.parse(list.body) as unknown[]).length;
    const ok =
      accepted === spaces &&
      full === students - spaces &&
      server === 0 &&
      other === 0 &&
      stored === spaces;
    const line =
      `${accepted} accepted, ${full} "full", ${server} 5xx, ${other} other, ${stored} stored, ` +
      `${ms.toFixed(0)} ms${ok ? '' : '  <-- WRONG'}`;
    return { ms, ok, line };
  };

  let failures = 0;
  for (let round = 1; round <= warmupRounds; round++) {
    const { ok, line } = await burst(-round);
    if (!ok) failures++;
    process.stdout.write(`warm-up ${round} (not counted): ${line}\n`);
  }
  const before = cpuSnapshot();
  const durations: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const { ms, ok, line } = await burst(round);
    durations.push(ms);
    if (!ok) failures++;
    process.stdout.write(`burst ${String(round).padStart(2)}: ${line}\n`);
  }
  process.stdout.write(`CPU used during the ${rounds} bursts: ${cpuSince(before)}\n`);
  const sorted = [...durations].sort((a, b) => a - b);
  process.stdout.write(
    `${rounds} bursts of ${students} sign-ups for ${spaces} spaces, ${target.label}: ` +
      `${failures === 0 ? `always exactly ${spaces} accepted` : `${failures} WRONG`}; ` +
      `burst time median ${percentile(sorted, 50).toFixed(0)} ms, ` +
      `p90 ${percentile(sorted, 90).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms\n`,
  );
  if (failures > 0) process.exitCode = 1;
} finally {
  for (const connection of connections) connection.close();
  await target.stop();
}
