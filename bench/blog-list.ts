// GET /api/blog-posts with 2,000 posts, through the gateway (auth_request included), at a fixed
// 50 requests/s: prints p50/p97.5/p99/max latency and the payload size plain and gzip, for the
// plain call (the spec's whole list, cached as gzip bytes in svc-content) and for the first page
// (?page=1&pageSize=20), which is what the /blog screen asks for first.
// Run: node bench/blog-list.ts   (env: BENCH_POSTS, BENCH_RATE, BENCH_SECONDS, BENCH_BUILD)
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startPlatform, type PlatformHandle } from '../scripts/platform.ts';
import { postgresAnswers } from '../scripts/postgres.ts';
import { redisAnswers } from '../scripts/redis.ts';
import { ROOT } from '../scripts/workspaces.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const AUTHORS = 20;
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

// Stories of three paragraphs (about 900 characters) of pseudo-words drawn with a skewed
// frequency from a 3,000-word vocabulary: gzip shrinks them about 3.4×, like real prose, where
// one repeated story would shrink 30× and flatter the payload figure.
function makeStories(count: number): string[] {
  const syllables =
    'ba be bi bo bu la le li lo ma me mi mo na ne ni no ra re ri ro sa se si so ta te ti to ver man son ing ous ant ent'.split(
      ' ',
    );
  let state = 7;
  const next = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state >>> 8;
  };
  const vocabulary = Array.from({ length: 3000 }, () =>
    Array.from({ length: 1 + (next() % 3) }, () => syllables[next() % syllables.length]).join(''),
  );
  const word = () => vocabulary[Math.floor(Math.pow(next() / 16_777_216, 2.2) * vocabulary.length)];
  const sentence = () => {
    const words = Array.from({ length: 6 + (next() % 14) }, word);
    return `${words[0][0].toUpperCase()}${words[0].slice(1)} ${words.slice(1).join(' ')}.`;
  };
  const paragraph = () => Array.from({ length: 2 + (next() % 4) }, sentence).join(' ');
  return Array.from({ length: count }, () => [paragraph(), paragraph(), paragraph()].join('\n\n'));
}

async function register(base: string, tag: string): Promise<{ id: number; cookie: string }> {
  const response = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `bench_${tag}`,
      password: `pw-${randomBytes(6).toString('hex')}`,
      name: `Bench Author ${tag}`,
      email: `bench_${tag}@example.test`,
      school: 'Jesuit High School',
      grade: 11,
      serviceHours: 0,
    }),
  });
  if (!response.ok) throw new Error(`register ${tag}: ${response.status} ${await response.text()}`);
  const cookie = sessionCookie(response);
  const body = (await response.json()) as { id: number };
  return { id: body.id, cookie };
}

async function login(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status}`);
  return sessionCookie(response);
}

// The session cookie among those set (login also sets the device cookie, issue 15.6).
function sessionCookie(response: Response): string {
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
  if (!session) throw new Error(`${response.url}: no session cookie`);
  return session.split(';')[0]!;
}

// Bytes on the wire for one call, with and without gzip.
function payloadBytes(
  url: string,
  cookie: string,
  gzip: boolean,
): Promise<{ bytes: number; encoding: string; status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: { cookie, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({
            bytes,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            status: res.statusCode ?? 0,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function seedPosts(
  platform: PlatformHandle,
  authorIds: number[],
  ownId: number,
): Promise<void> {
  const client = new pg.Client({ connectionString: platform.databases['svc-content'] });
  await client.connect();
  try {
    await client.query('SET search_path = content');
    // The replica learns authors through user.registered events: wait for all of them.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM users WHERE id = ANY($1::int[])',
        [[...authorIds, ownId]],
      );
      if (Number(rows[0].n) === authorIds.length + 1) break;
      if (Date.now() > deadline) throw new Error('the users replica did not catch up');
      await new Promise((r) => setTimeout(r, 100));
    }
    // 95 % approved, the rest pending or rejected; the reader owns 20 of them.
    const contents = makeStories(POSTS);
    await client.query(
      `INSERT INTO blog_posts (title, content, author_id, status, created_at, updated_at)
       SELECT 'A weekend of service, story ' || g, ($1::text[])[g],
              CASE WHEN g % 100 = 0 THEN $3 ELSE ($2::int[])[1 + g % array_length($2::int[], 1)] END,
              CASE WHEN g % 20 = 1 THEN 'pending' WHEN g % 20 = 2 THEN 'rejected' ELSE 'approved' END,
              now() - g * interval '1 minute', now() - g * interval '1 minute'
         FROM generate_series(1, $4::int) AS g`,
      [contents, authorIds, ownId, POSTS],
    );
    await client.query('ANALYZE blog_posts');
  } finally {
    await client.end();
  }
}

async function measure(title: string, url: string, cookie: string): Promise<void> {
  // Warm-up: JIT, pools, nginx keepalive.
  await autocannon({
    url,
    headers: { cookie, 'accept-encoding': 'gzip' },
    amount: 100,
    connections: 4,
  });
  const result = await autocannon({
    url,
    headers: { cookie, 'accept-encoding': 'gzip' },
    connections: 10,
    overallRate: RATE,
    duration: SECONDS,
  });
  const l = result.latency;
  const non2xx = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${title}: ${result.requests.total} requests at ${RATE}/s for ${SECONDS}s — p50 ${l.p50} ms, p97.5 ${l.p97_5} ms, p99 ${l.p99} ms, max ${l.max} ms; failures ${non2xx}`,
  );
}

// The first read after a change rebuilds the list (query, JSON, gzip): time it after each of
// ten new posts, the worst case a reader meets right after someone writes.
async function measureAfterChange(
  base: string,
  list: string,
  readerCookie: string,
  writerCookie: string,
): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const created = await fetch(`${base}/api/blog-posts`, {
      method: 'POST',
      headers: { cookie: writerCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Fresh story ${i}`, content: makeStories(1)[0] }),
    });
    if (created.status !== 201) throw new Error(`create answered ${created.status}`);
    const started = performance.now();
    const response = await fetch(list, { headers: { cookie: readerCookie } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `first GET after a change (list rebuilt): median ${times[5].toFixed(0)} ms, worst ${times[9].toFixed(0)} ms (10 changes)`,
  );
}

async function main(): Promise<void> {
  const runId = `bench${randomBytes(3).toString('hex')}`;
  const dataDir = join(ROOT, '.data', 'bench', runId);
  const databaseUrl =
    process.env.DATABASE_URL ||
    ((await postgresAnswers(LOCAL_POSTGRES)) ? LOCAL_POSTGRES : undefined);
  const redisUrl =
    process.env.REDIS_URL || ((await redisAnswers(LOCAL_REDIS)) ? LOCAL_REDIS : undefined);
  const platform = await startPlatform({
    port: 0,
    databaseUrl,
    redisUrl,
    dataDir,
    runId,
    mailDir: join(dataDir, 'mail'),
    logDir: join(dataDir, 'logs'),
    env: { ...process.env, LOG_LEVEL: 'warn' },
    // BENCH_BUILD=0 runs the dist/ folders as they are (e.g. while another area does not compile).
    build: process.env.BENCH_BUILD !== '0',
  });
  try {
    const base = platform.url;
    const authors = await Promise.all(
      Array.from({ length: AUTHORS }, (_, i) => register(base, `${runId}_${i}`)),
    );
    const reader = await register(base, `${runId}_reader`);
    await seedPosts(
      platform,
      authors.map((a) => a.id),
      reader.id,
    );
    const adminCookie = await login(
      base,
      platform.seed.admin.username,
      platform.seed.admin.password,
    );
    const list = `${base}/api/blog-posts`;

    for (const [who, cookie] of [
      ['student', reader.cookie],
      ['admin', adminCookie],
    ] as const) {
      const plain = await payloadBytes(list, cookie, false);
      const gzip = await payloadBytes(list, cookie, true);
      const count = ((await (await fetch(list, { headers: { cookie } })).json()) as unknown[])
        .length;
      console.log(
        `payload (${who}, ${count} posts): ${(plain.bytes / 1024).toFixed(0)} KB plain, ${(gzip.bytes / 1024).toFixed(0)} KB ${gzip.encoding}`,
      );
    }
    const paged = await payloadBytes(`${list}?page=1&pageSize=20`, reader.cookie, true);
    console.log(
      `payload (student, ?page=1&pageSize=20): ${(paged.bytes / 1024).toFixed(1)} KB ${paged.encoding}`,
    );

    await measure(`GET /api/blog-posts (student, ${POSTS} posts)`, list, reader.cookie);
    await measureAfterChange(base, list, reader.cookie, adminCookie);
    await measure(`GET /api/blog-posts (admin, ${POSTS} posts)`, list, adminCookie);
    await measure(
      "GET /api/blog-posts?page=1&pageSize=20 (student, the screen's first request)",
      `${list}?page=1&pageSize=20`,
      reader.cookie,
    );
    // Large answers that outgrow nginx's proxy buffers go through temp files on disk.
    const errorLog = join(dataDir, 'logs', 'nginx-error.log');
    const spills = existsSync(errorLog)
      ? readFileSync(errorLog, 'utf8')
          .split('\n')
          .filter((l) => l.includes('buffered to a temporary file')).length
      : 0;
    console.log(`nginx: ${spills} upstream answers buffered to a temporary file`);
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
