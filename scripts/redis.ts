// Redis for the local platform: REDIS_URL, or a redis-server from PATH on a free port that keeps
// nothing on disk. A test run's keys all start with its own prefix and are removed at the end.
import { mkdirSync } from 'node:fs';
import { Redis } from 'ioredis';
import { requireExecutable } from './prerequisites.ts';
import { startProcess, type ManagedProcess } from './processes.ts';

export interface RedisServer {
  url: string;
  port: number;
  process: ManagedProcess | null;
  stop(): Promise<void>;
}

function connect(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
}

export async function redisAnswers(url: string): Promise<boolean> {
  const client = connect(url);
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const REDIS_INSTALL = 'install it with `apt-get install redis-server`, or set REDIS_URL';

export function requireRedisServer(): string {
  return requireExecutable('redis-server', REDIS_INSTALL);
}

export async function startRedisServer(options: {
  port: number;
  dir: string;
  logFile?: string;
}): Promise<RedisServer> {
  const install = REDIS_INSTALL;
  const binary = requireRedisServer();
  mkdirSync(options.dir, { recursive: true });
  const managed = await startProcess(
    'redis',
    binary,
    [
      '--port',
      String(options.port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      options.dir,
      '--daemonize',
      'no',
    ],
    { logFile: options.logFile, format: () => null, installHint: install },
  );
  const url = `redis://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers(url))) {
    if (managed.hasExited() || Date.now() > deadline) {
      await managed.stop();
      throw new Error(
        `redis-server did not start on port ${options.port}:\n${managed.recentOutput()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, port: options.port, process: managed, stop: () => managed.stop() };
}

export function externalRedis(url: string): RedisServer {
  return {
    url,
    port: Number(new URL(url).port || 6379),
    process: null,
    stop: async () => undefined,
  };
}

// Remove every key of one run (BullMQ queues, sessions) so a shared Redis stays clean.
export async function deleteKeysWithPrefix(url: string, prefix: string): Promise<number> {
  const client = connect(url);
  client.on('error', () => undefined);
  let deleted = 0;
  try {
    await client.connect();
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await client.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
  return deleted;
}
