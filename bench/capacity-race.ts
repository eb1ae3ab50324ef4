// The capacity race: 200 different signed-in students sign up at the same moment for an
// opportunity with 10 spaces, repeated 20 times on fresh opportunities. Prints, per burst, how
// many were accepted and refused and how long the burst took (first request sent to last answer).
//
//   node bench/capacity-race.ts [--students 200] [--spaces 10] [--rounds 20]   through the gateway
//   node bench/capacity-race.ts --service-only [...]     svc-volunteer alone (identity tokens
//                                                         signed here), to split service from gateway
//
// Uses DATABASE_URL / REDIS_URL when set, else the local PostgreSQL and Redis.
import { Agent } from 'undici';
import {
  arg,
  createOpportunity,
  percentile,
  registerStudent,
  startBenchPlatform,
  startVolunteerAlone,
} from './volunteer-support.ts';

const students = arg('students', 200);
const spaces = arg('spaces', 10);
const rounds = arg('rounds', 20);
const serviceOnly = process.argv.includes('--service-only');

// One connection per student, opened before the bursts, as 200 browsers would have.
const agent = new Agent({ connections: students, pipelining: 0, keepAliveTimeout: 60_000 });

interface Target {
  label: string;
  base: string;
  // Request headers that sign in student i.
  student: (i: number) => Record<string, string>;
  create: (round: number) => Promise<number>;
  stop: () => Promise<void>;
}

const send = async (url: string, method: string, headers: Record<string, string>) => {
  const res = await fetch(url, { method, headers, dispatcher: agent } as RequestInit);
  return { status: res.status, text: await res.text() };
};

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
try {
  const everyone = Array.from({ length: students }, (_, i) => i);
  // Warm every connection and the request path so the bursts measure the race, not set-up.
  for (let i = 0; i < 2; i++) {
    await Promise.all(
      everyone.map((s) =>
        send(`${target.base}/api/opportunities?status=archived`, 'GET', target.student(s)),
      ),
    );
  }

  const durations: number[] = [];
  let failures = 0;
  for (let round = 1; round <= rounds; round++) {
    const id = await target.create(round);
    const url = `${target.base}/api/opportunities/${id}/signup`;
    const started = performance.now();
    const answers = await Promise.all(everyone.map((s) => send(url, 'POST', target.student(s))));
    const ms = performance.now() - started;
    durations.push(ms);
    const accepted = answers.filter((a) => a.status === 201).length;
    const full = answers.filter(
      (a) => a.status === 409 && a.text.includes('This opportunity is full'),
    ).length;
    const server = answers.filter((a) => a.status >= 500).length;
    const other = answers.length - accepted - full - server;
    const list = await send(
      `${target.base}/api/opportunities/${id}/signups`,
      'GET',
      target.student(0),
    );
    const stored = (JSON.parse(list.text) as unknown[]).length;
    const ok =
      accepted === spaces &&
      full === students - spaces &&
      server === 0 &&
      other === 0 &&
      stored === spaces;
    if (!ok) failures++;
    process.stdout.write(
      `burst ${String(round).padStart(2)}: ${accepted} accepted, ${full} "full", ${server} 5xx, ` +
        `${other} other, ${stored} stored, ${ms.toFixed(0)} ms${ok ? '' : '  <-- WRONG'}\n`,
    );
  }
  const sorted = [...durations].sort((a, b) => a - b);
  process.stdout.write(
    `${rounds} bursts of ${students} sign-ups for ${spaces} spaces, ${target.label}: ` +
      `${failures === 0 ? `always exactly ${spaces} accepted` : `${failures} WRONG`}; ` +
      `burst time median ${percentile(sorted, 50).toFixed(0)} ms, ` +
      `p90 ${percentile(sorted, 90).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms\n`,
  );
  if (failures > 0) process.exitCode = 1;
} finally {
  await agent.close();
  await target.stop();
}
