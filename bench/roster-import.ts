// Issue 31: a district of 60,000 students through POST /api/admin/rosters (the gateway, an admin
// session): the preview, the first apply, the same file again (nothing changes) and a roster
// without 1% of them (deactivations); each one's wall time and svc-auth's peak RSS (VmHWM, reset
// before each step, sampled every 10 ms too).
//
//   node bench/roster-import.ts [--students 60000]
//
// Run it under the shared lock: flock /work/wt/heavy.lock node bench/roster-import.ts
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTypeScript } from '../scripts/build.ts';
import { startPlatform } from '../scripts/platform.ts';
import { SCHOOL_NAMES } from '../packages/contracts/src/schools.ts';

const ROOT = join(import.meta.dirname, '..');
const index = process.argv.indexOf('--students');
const STUDENTS = index >= 0 ? Number(process.argv[index + 1]) : 60_000;
const say = (line: string): void => void process.stdout.write(`${line}\n`);

const ORGS = [
  'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId',
  'district,active,2026-08-01,Jefferson Parish Schools,district,,',
  ...SCHOOL_NAMES.map((name, i) => `org-${i},active,2026-08-01,"${name}",school,S${i},district`),
].join('\n');

// What a student information system exports: every OneRoster 1.1 column, one student a line.
function usersCsv(count: number, skipEvery = 0): string {
  const lines = [
    'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
  ];
  for (let i = 1; i <= count; i += 1) {
    if (skipEvery > 0 && i % skipEvery === 0) continue;
    const grade = String(6 + (i % 7)).padStart(2, '0');
    lines.push(
      `stu-${i},active,2026-08-01T00:00:00Z,true,org-${i % SCHOOL_NAMES.length},student,s${i},,Given${i},Family${i % 997},,ID${i},student${i}@students.district.test,,,,${grade},`,
    );
  }
  return lines.join('\r\n');
}

function rssOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) =>
    Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

await buildTypeScript({ quiet: true });
const runId = `bench_${randomBytes(4).toString('hex')}`;
const dataDir = join(ROOT, '.data', 'bench');
const platform = await startPlatform({
  port: 0,
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  dataDir,
  runId,
  mailDir: join(dataDir, `mail-${runId}`),
  logDir: join(dataDir, `logs-${runId}`),
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  verbose: false,
});
try {
  const login = await fetch(`${platform.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(platform.seed.admin),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))!
    .split(';')[0];
  const pid = platform.services.find((s) => s.name === 'svc-auth')!.process.pid!;
  const full = usersCsv(STUDENTS);
  const fewer = usersCsv(STUDENTS, 100);
  say(
    `${STUDENTS} students: users.csv ${(Buffer.byteLength(full) / 1048576).toFixed(1)} MB; svc-auth idle RSS ${mb(rssOf(pid).rss)}`,
  );

  async function step(label: string, users: string, query = ''): Promise<void> {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    let peak = rssOf(pid).rss;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid).rss)), 10);
    const form = new FormData();
    form.append('orgs', new Blob([ORGS]), 'orgs.csv');
    form.append('users', new Blob([users]), 'users.csv');
    const started = performance.now();
    const res = await fetch(`${platform.url}/api/admin/rosters${query}`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    const body = await res.text();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid).hwm);
    if (!res.ok) throw new Error(`${label}: ${res.status} ${body.slice(0, 500)}`);
    say(`${label}: ${seconds.toFixed(2)} s, svc-auth peak RSS ${mb(peak)}; ${body}`);
  }

  await step('preview (dryRun)', full, '?dryRun=true');
  await step('first import', full);
  await step('same file again', full);
  await step('1% missing (deactivated)', fewer);
} finally {
  await platform.stop();
}
