// How many notification streams one svc-content process holds, and at what memory cost (issue 4
// "Speed": ≥ 5,000 streams under 20 KB each). Starts one svc-content (dist/main.js) on its own
// database and BullMQ prefix, opens N GET /api/notifications/stream connections straight to it
// (each with its own user and a signed identity token, as the gateway forwards it), reads the
// process's resident memory before and after, then emits one opportunity.created and times the
// fan-out until every stream has the item.
// Run: node bench/sse-capacity.ts   (env: BENCH_STREAMS=5000, BENCH_BUILD=0 to skip `tsc -b`)
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { get, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { signIdentityToken } from '@district/service-kit';
import { buildTypeScript, tscProjects } from '../scripts/build.ts';
import { findFreePort } from '../scripts/gateway.ts';
import { startProcess, waitForHttp } from '../scripts/processes.ts';
import { deleteKeysWithPrefix } from '../scripts/redis.ts';
import { ROOT } from '../scripts/workspaces.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 5000);
const POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BATCH = Number(process.env.BENCH_BATCH ?? 250);
// After each burst of connections, time for V8's idle-time garbage collection (the memory
// reducer) to run, so RSS shows what the streams hold rather than the garbage of opening them.
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 45_000);

function rssKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Stream {
  request: ClientRequest;
  received: boolean;
}

function openStream(base: string, userId: number, secret: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const token = signIdentityToken({ id: userId, isAdmin: false, isSupervisor: false }, secret);
    const stream: Stream = { request: undefined as never, received: false };
    stream.request = get(
      `${base}/api/notifications/stream`,
      { agent: false, headers: { 'x-identity': token, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream for user ${userId} answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let connected = false;
        res.on('data', (chunk: string) => {
          if (!connected && chunk.includes(': connected')) {
            connected = true;
            resolve(stream);
          }
          if (chunk.includes('event: notification')) stream.received = true;
        });
        res.on('error', () => undefined);
      },
    );
    stream.request.on('error', reject);
  });
}

async function main(): Promise<void> {
  if (process.env.BENCH_BUILD !== '0') {
    await buildTypeScript(
      { quiet: true },
      tscProjects().filter((ws) => ws.dir === 'svc-content'),
    );
  }
  const runId = `bench${randomBytes(3).toString('hex')}`;
  const database = `${runId}_content`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = new URL(POSTGRES);
  url.pathname = `/${database}`;
  const secret = randomBytes(24).toString('hex');
  const port = await findFreePort();
  // BENCH_NODE_FLAGS, e.g. "--max-semi-space-size=8": V8's young generation otherwise grows with
  // the allocation rate of the connection burst (tens of MB, whatever the number of streams).
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const service = await startProcess('svc-content', process.execPath, [...flags, 'dist/main.js'], {
    cwd: join(ROOT, 'svc-content'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      DB_SCHEMA: 'content',
      REDIS_URL: REDIS,
      BULLMQ_PREFIX: runId,
      IDENTITY_SECRET: secret,
      MIGRATE_ON_START: 'true',
      LOG_LEVEL: 'warn',
    },
    logFile: join(ROOT, '.data', 'bench', `${runId}-svc-content.log`),
  });
  const base = `http://127.0.0.1:${port}`;
  const streams: Stream[] = [];
  const redis = new Redis(REDIS, { maxRetriesPerRequest: null });
  const queue = new Queue('events-svc-content', { connection: redis, prefix: runId });
  try {
    await waitForHttp(`${base}/health/ready`, { process: service, what: 'svc-content' });
    // Warm-up: code paths, the pg pool, JIT; then a settled baseline.
    const warm = await Promise.all(
      Array.from({ length: 50 }, (_, i) => openStream(base, 1_000_000 + i, secret)),
    );
    for (const s of warm) s.request.destroy();
    await sleep(2_000);
    const before = rssKb(service.pid);

    // Opened in two halves: the first burst also grows V8's young generation to its working
    // size (a fixed cost of any busy process, tens of MB), so the second half shows what one
    // more stream really costs.
    const openHalf = async (from: number, count: number) => {
      for (let i = 0; i < count; i += BATCH) {
        const batch = Array.from({ length: Math.min(BATCH, count - i) }, (_, j) =>
          openStream(base, from + i + j, secret),
        );
        streams.push(...(await Promise.all(batch)));
      }
      await sleep(SETTLE_MS);
      return rssKb(service.pid);
    };
    const started = Date.now();
    const half = Math.floor(STREAMS / 2);
    const middle = await openHalf(1, half);
    const after = await openHalf(1 + half, STREAMS - half);
    const openedIn = Date.now() - started - 2 * SETTLE_MS;
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const marginal = ((after - middle) * 1024) / (STREAMS - half);
    const average = ((after - before) * 1024) / STREAMS;
    console.log(
      `${STREAMS} streams open on one svc-content (opened in ${(openedIn / 1000).toFixed(1)} s); ` +
        `RSS idle ${(before / 1024).toFixed(0)} MB, at ${half} streams ${(middle / 1024).toFixed(0)} MB, ` +
        `at ${STREAMS} ${(after / 1024).toFixed(0)} MB`,
    );
    console.log(
      `memory per stream: ${kb(marginal)} KB for each of the last ${STREAMS - half} (target < 20 KB); ` +
        `${kb(average)} KB averaged from idle, young-generation growth included`,
    );

    // One new opportunity, pushed to every open stream.
    const pushed = Date.now();
    await queue.add(
      'opportunity.created',
      {
        id: randomUUID(),
        type: 'opportunity.created',
        payload: {
          id: 1,
          title: 'Capacity check',
          location: 'Kenner',
          date: new Date().toISOString(),
        },
        occurredAt: new Date().toISOString(),
      },
      { jobId: randomUUID() },
    );
    const deadline = Date.now() + 60_000;
    while (streams.some((s) => !s.received) && Date.now() < deadline) await sleep(20);
    const got = streams.filter((s) => s.received).length;
    console.log(
      `fan-out of one item: ${got}/${STREAMS} streams had it ${((Date.now() - pushed) / 1000).toFixed(2)} s after the event was queued; ` +
        `RSS then ${(rssKb(service.pid) / 1024).toFixed(0)} MB`,
    );
  } finally {
    for (const s of streams) s.request.destroy();
    await queue.close();
    redis.disconnect();
    await service.stop();
    await deleteKeysWithPrefix(REDIS, runId);
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }
}

await main();
