// Shared by the volunteer benchmarks: the whole platform on free ports (scripts/platform.ts), a
// signed-in admin, and a way to register more students. Prints nothing but progress lines.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { startPlatform, type PlatformHandle } from '../scripts/platform.ts';

export const ROOT = join(import.meta.dirname, '..');
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface BenchPlatform {
  platform: PlatformHandle;
  url: string;
  adminCookie: string;
  stop(): Promise<void>;
}

export function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isFinite(value) ? value : fallback;
}

export function cookieOf(res: Response): string {
  const raw = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!raw) throw new Error(`no session cookie (status ${res.status})`);
  return raw.split(';')[0] as string;
}

export async function call(
  url: string,
  method: string,
  cookie: string | undefined,
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

// Registers a student and answers their session cookie.
export async function registerStudent(url: string, n: number): Promise<string> {
  const username = `bench_${randomBytes(4).toString('hex')}_${n}`;
  const res = await call(`${url}/api/register`, 'POST', undefined, {
    username,
    password: 'bench-password-1',
    name: `Bench Student ${n}`,
    email: `${username}@example.org`,
    school: 'Jesuit High School',
    grade: 10,
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return cookieOf(res);
}

// Issue 21's switch: `--observability off|on|both|alternate|split`. on = every service's /metrics
// listener (METRICS_PORT=0, a free port each) and request metrics, plus trace context; off =
// neither; split = off, metrics only, trace context only, on (which part costs what).
// Without the flag the environment decides (one run).
export type ObservabilityMode = 'off' | 'on' | 'metrics only' | 'tracing only';
export function observabilityModes(): Array<ObservabilityMode | undefined> {
  const index = process.argv.indexOf('--observability');
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  if (value === 'both') return ['off', 'on'];
  // Twice each, interleaved: on this shared two-core machine two runs of one mode can differ by
  // more than the modes do, so one pair alone says little.
  if (value === 'alternate') return ['off', 'on', 'off', 'on'];
  if (value === 'split') return ['off', 'metrics only', 'tracing only', 'on'];
  if (value === 'on' || value === 'off') return [value];
  return [undefined];
}

function observabilityEnv(mode: ObservabilityMode | undefined): Record<string, string> {
  if (mode === 'on') return { METRICS_PORT: '0', TRACING: 'true' };
  if (mode === 'off') return { METRICS_PORT: '', TRACING: 'false' };
  if (mode === 'metrics only') return { METRICS_PORT: '0', TRACING: 'false' };
  if (mode === 'tracing only') return { METRICS_PORT: '', TRACING: 'true' };
  return {};
}

// Prints the runs of each mode one after the other, under a heading naming the mode.
export function sideBySide(runs: Array<[ObservabilityMode | undefined, string[]]>): string {
  if (runs.length === 1 && runs[0]![0] === undefined) return `${runs[0]![1].join('\n')}\n`;
  return `${runs
    .map(([mode, lines]) =>
      [
        mode === 'on' || mode === 'off' ? `metrics + tracing ${mode}:` : `${mode}:`,
        ...lines.map((l) => `  ${l}`),
      ].join('\n'),
    )
    .join('\n')}\n`;
}

export async function startBenchPlatform(
  options: { observability?: ObservabilityMode } = {},
): Promise<BenchPlatform> {
  const runId = `bench_${randomBytes(4).toString('hex')}`;
  const dataDir = join(ROOT, '.data', 'bench');
  const platform = await startPlatform({
    port: 0,
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    dataDir,
    runId,
    mailDir: join(dataDir, `mail-${runId}`),
    logDir: join(dataDir, `logs-${runId}`),
    // At info every request's log line would pass through this process (the platform runner
    // reads the services' output), the same process that generates the load.
    env: {
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...observabilityEnv(options.observability),
    },
    verbose: false,
  });
  const login = await call(`${platform.url}/api/login`, 'POST', undefined, platform.seed.admin);
  if (!login.ok) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
  return { platform, url: platform.url, adminCookie: cookieOf(login), stop: () => platform.stop() };
}

export async function createOpportunity(
  bench: BenchPlatform,
  index: number,
  spaces: number,
): Promise<number> {
  const res = await call(`${bench.url}/api/opportunities`, 'POST', bench.adminCookie, {
    title: `Bench opportunity ${index}`,
    description:
      'Help neighbours with a community project: sorting donations, packing boxes and greeting visitors.',
    location: `Community Center ${index}`,
    date: new Date(Date.now() + (index + 1) * 86_400_000).toISOString(),
    spaces,
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

export interface ServiceAlone {
  base: string;
  // The identity token the gateway would forward for this user.
  token: (id: number, isAdmin?: boolean) => string;
  stop: () => Promise<void>;
}

// svc-volunteer (dist/main.js) alone on a fresh database, with an identity secret known here,
// to tell the service's own figures from the gateway's and svc-auth's.
export async function startVolunteerAlone(): Promise<ServiceAlone> {
  const secret = randomBytes(32).toString('hex');
  const name = `t_${randomBytes(5).toString('hex')}_vbench`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, [join(ROOT, 'svc-volunteer/dist/main.js')], {
    cwd: join(ROOT, 'svc-volunteer'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      DB_SCHEMA: 'volunteer',
      REDIS_URL,
      BULLMQ_PREFIX: name,
      IDENTITY_SECRET: secret,
      MIGRATE_ON_START: 'true',
      LOG_LEVEL: 'warn',
      // Required since calendar feeds and check-in links name it; nothing here follows a link.
      PUBLIC_URL: 'http://bench.test',
    },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    // The service's BullMQ keys (archive schedule, event queues) live under its prefix.
    const redis = new Redis(REDIS_URL);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${name}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
    redis.disconnect();
  };
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ready = await fetch(`${base}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (i > 150) {
      await stop();
      throw new Error('svc-volunteer did not become ready');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const token = (id: number, isAdmin = false) =>
    jwt.sign({ sub: String(id), adm: isAdmin, sup: false }, secret, {
      algorithm: 'HS256',
      issuer: 'svc-auth',
      audience: 'district',
      expiresIn: 3600,
    });
  return { base, token, stop };
}
