// `npm test` on a machine where no PostgreSQL or Redis answers (a fresh clone on a fresh machine,
// issue 14.9): it starts a throwaway embedded PostgreSQL and a redis-server of its own, hands them
// to every suite through DATABASE_URL/REDIS_URL, and stops them at the end.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from './gateway.ts';
import { checkPrerequisites } from './platform.ts';
import { postgresAnswers, startEmbeddedPostgres, type PostgresServer } from './postgres.ts';
import { redisAnswers, startRedisServer, type RedisServer } from './redis.ts';

export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
export const LOCAL_REDIS = 'redis://127.0.0.1:6379';

export interface TestServers {
  // Environment for the suites (empty when the machine's own servers answer).
  env: Record<string, string>;
  lines: string[];
  stop(): Promise<void>;
}

export async function ensureTestServers(
  options: { needNginx: boolean; localPostgres?: string; localRedis?: string },
  env: Record<string, string | undefined> = process.env,
): Promise<TestServers> {
  const extra: Record<string, string> = {};
  const lines: string[] = [];
  const stops: Array<() => Promise<void>> = [];
  // Readable by the postgres user when we are root (mkdtemp makes 0700 folders).
  let dir: string | null = null;
  const workDir = (): string => {
    if (!dir) {
      dir = mkdtempSync(join(tmpdir(), 'district-test-servers-'));
      chmodSync(dir, 0o755);
    }
    return dir;
  };

  const [needPostgres, needRedis] = await Promise.all([
    env.DATABASE_URL
      ? false
      : postgresAnswers(options.localPostgres ?? LOCAL_POSTGRES).then((ok) => !ok),
    env.REDIS_URL ? false : redisAnswers(options.localRedis ?? LOCAL_REDIS).then((ok) => !ok),
  ]);
  try {
    // nginx for the gateway, runner and e2e suites; redis-server when we start one.
    if (options.needNginx || needRedis)
      checkPrerequisites({
        redisUrl: needRedis ? undefined : (env.REDIS_URL ?? LOCAL_REDIS),
        nginx: options.needNginx,
      });
    if (needPostgres) {
      const server: PostgresServer = await startEmbeddedPostgres({
        dir: join(workDir(), 'postgres'),
        port: await findFreePort(),
        persistent: false,
        logFile: join(workDir(), 'postgres.log'),
      });
      stops.push(() => server.stop());
      extra.DATABASE_URL = server.url;
      lines.push(
        `test: no PostgreSQL answers on 127.0.0.1:5432 and DATABASE_URL is not set: using an embedded one on port ${server.port}`,
      );
    }
    if (needRedis) {
      const server: RedisServer = await startRedisServer({
        port: await findFreePort(),
        dir: join(workDir(), 'redis'),
        logFile: join(workDir(), 'redis.log'),
      });
      stops.push(() => server.stop());
      extra.REDIS_URL = server.url;
      lines.push(
        `test: no Redis answers on 127.0.0.1:6379 and REDIS_URL is not set: using a redis-server on port ${server.port}`,
      );
    }
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    env: extra,
    lines,
    async stop() {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
