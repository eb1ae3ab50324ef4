import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from '@jest/globals';
import { isRunnable, SERVICES, startPlatform } from './platform.ts';
import { startEmbeddedPostgres } from './postgres.ts';
import { deleteKeysWithPrefix } from './redis.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

async function databasesLike(pattern: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const result = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY 1',
      [pattern],
    );
    return result.rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('startPlatform (test run against the shared servers)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('serves the gateway, creates its own databases, and leaves nothing behind after stop()', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-spec-'));
    dirs.push(dataDir);
    const runId = `spec${randomBytes(4).toString('hex')}`;
    const platform = await startPlatform({
      port: 0,
      databaseUrl: DATABASE_URL,
      redisUrl: REDIS_URL,
      dataDir,
      runId,
      mailDir: join(dataDir, 'mail'),
      logDir: join(dataDir, 'logs'),
    });
    const running = SERVICES.filter(isRunnable).map((s) => s.name);
    try {
      expect(platform.services.map((s) => s.name)).toEqual(running);
      expect(platform.bullmqPrefix).toBe(`t_${runId}`);
      // The runtime remote config comes from nginx whether or not anything is built.
      const remotes = await fetch(`${platform.url}/config/remotes.json`);
      expect(remotes.status).toBe(200);
      expect(await databasesLike(`t_${runId}_%`)).toEqual(
        running.map((n) => `t_${runId}_${n.replace('svc-', '')}`).sort(),
      );
      if (running.includes('svc-auth')) {
        // Signed out, through nginx's auth path: the spec's 401 for GET /api/user.
        const user = await fetch(`${platform.url}/api/user`);
        expect(user.status).toBe(401);
      }
    } finally {
      await platform.stop();
    }
    expect(await databasesLike(`t_${runId}_%`)).toEqual([]);
    expect(await deleteKeysWithPrefix(REDIS_URL, platform.bullmqPrefix)).toBe(0);
    for (const service of platform.services) expect(alive(service.process.pid)).toBe(false);
    await expect(fetch(`${platform.url}/config/remotes.json`)).rejects.toThrow();
  });
});

describe('startEmbeddedPostgres', () => {
  it('runs a throwaway cluster (as the postgres user when we are root) and removes it on stop', async () => {
    const root = mkdtempSync(join(tmpdir(), 'embedded-pg-'));
    // mkdtemp makes a 0700 folder; the postgres user (when we are root) must be able to enter it.
    chmodSync(root, 0o755);
    const dir = join(root, 'cluster');
    const { findFreePort } = await import('./gateway.ts');
    const lines: string[] = [];
    const server = await startEmbeddedPostgres({
      dir,
      port: await findFreePort(),
      persistent: false,
      logFile: join(root, 'pg.log'),
      supervision: { log: (line) => lines.push(line) },
    });
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const { rows } = await client.query<{ user: string }>('SELECT current_user AS user');
      // The throwaway cluster commits asynchronously; this write asks for a durable commit.
      await client.query('SET synchronous_commit = on');
      await client.query('CREATE TABLE kept (id int)');
      await client.query('INSERT INTO kept VALUES (1)');
      await client.end();
      expect(rows[0]?.user).toBe('postgres');

      // Issue 15.3: a crashed postmaster is started again on the same folder and port.
      const before = server.process?.pid ?? -1;
      process.kill(before, 'SIGKILL');
      const deadline = Date.now() + 30_000;
      while (!lines.includes('platform: PostgreSQL restarted') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lines[0]).toBe('platform: PostgreSQL exited (SIGKILL); restarting in 0.5 s');
      expect(lines).toContain('platform: PostgreSQL restarted');
      expect(server.process?.pid).not.toBe(before);
      const after = new pg.Client({ connectionString: server.url });
      after.on('error', () => undefined);
      await after.connect();
      const kept = await after
        .query<{ id: number }>('SELECT id FROM kept')
        .finally(() => after.end());
      expect(kept.rows).toEqual([{ id: 1 }]);
    } finally {
      await server.stop();
    }
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(root)).not.toContain('cluster');
    rmSync(root, { recursive: true, force: true });
  });
});
