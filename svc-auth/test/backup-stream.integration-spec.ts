import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAuthService, type AuthTestService } from './support/auth-fixtures';
import { createUser, type TestUser } from './support/directory-fixtures';
import { eventually } from '@district/service-kit/testing';

// 100,000 users (the figure): the backup must stream, not build the document in memory.
const USERS = 100_000;
const MB = 1024 * 1024;

let h: AuthTestService;
let admin: TestUser;

beforeAll(async () => {
  h = await startAuthService();
  admin = await createUser(h, 'admin');
  await h.db.query(
    `INSERT INTO auth.users (username, password_hash, name, email, school, grade, service_hours, avatar_url)
     SELECT 'bulk_' || g,
            '$argon2id$v=19$m=19456,t=2,p=1$' || md5(g::text) || '$' || md5('x' || g),
            'Bulk Student ' || g,
            'bulk' || g || '@example.org',
            (ARRAY['Jesuit High School', 'Riverdale High School', 'PFT', 'Homeschool'])[1 + g % 4],
            6 + g % 7,
            (g % 40) / 2.0,
            CASE WHEN g % 3 = 0 THEN '/api/avatars/' || g || '-0123456789abcdef.webp' END
       FROM generate_series(1, $1::int) g`,
    [USERS - 1],
  );
}, 120_000);

afterAll(async () => {
  await h?.close();
});

async function transactionsOpen(): Promise<number> {
  const [{ n }] = (await h.db.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND query ILIKE 'FETCH%'
        AND state IN ('idle in transaction', 'active')`,
  )) as Array<{ n: number }>;
  return n;
}

interface ChildResult {
  status: number;
  headers: Record<string, string>;
  bytes: number;
  records: number;
  sawSecret: boolean;
  head: string;
  tail: string;
}

// The download runs in a child process, so this process's RSS is svc-auth's (plus the idle runner).
function downloadInChild(headers: Record<string, string>): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(__dirname, 'support', 'stream-reader-child.ts'),
        `${h.service.url}/api/backup/users`,
        JSON.stringify(headers),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as ChildResult)
        : reject(new Error(`reader exited ${code}`)),
    );
  });
}

describe('GET /api/backup/users with 100,000 users', () => {
  it('streams every user while svc-auth grows by well under 100 MB', async () => {
    // Warm up once (code paths, pools) so the baseline is the idle service.
    await downloadInChild(admin.headers);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const started = performance.now();
    const result = await downloadInChild({ ...admin.headers, 'accept-encoding': 'identity' });
    const totalMs = performance.now() - started;
    clearInterval(sampler);
    const growthMb = (peak - baseline) / MB;
    console.log(
      `backup of ${USERS} users: ${(result.bytes / MB).toFixed(1)} MB in ${totalMs.toFixed(0)} ms, ` +
        `svc-auth RSS ${(baseline / MB).toFixed(0)} MB idle, +${growthMb.toFixed(1)} MB at peak`,
    );
    expect(result.status).toBe(200);
    // Streamed: chunked, no length known up front.
    expect(result.headers['content-length']).toBeUndefined();
    expect(result.headers['transfer-encoding']).toBe('chunked');
    expect(result.head.startsWith('[')).toBe(true);
    expect(result.tail.trimEnd().endsWith(']')).toBe(true);
    expect(result.records).toBe(USERS);
    expect(result.sawSecret).toBe(false);
    expect(growthMb).toBeLessThan(100);
    expect(await transactionsOpen()).toBe(0);
  }, 120_000);

  it('ends its database transaction when the client goes away mid-download', async () => {
    for (let i = 0; i < 4; i++) {
      const controller = new AbortController();
      const res = await fetch(`${h.service.url}/api/backup/users`, {
        headers: admin.headers,
        signal: controller.signal,
      });
      const reader = res.body!.getReader();
      await reader.read();
      // Both ways a browser or script gives up: abort the request, or cancel the body.
      if (i % 2 === 0) controller.abort();
      else await reader.cancel();
    }
    await eventually(async () => expect(await transactionsOpen()).toBe(0), { timeout: 10_000 });
    // And the pool still serves everything else.
    const res = await fetch(`${h.service.url}/api/directory`, { headers: admin.headers });
    expect(res.status).toBe(200);
  }, 60_000);
});
