// Redis for the local platform: REDIS_URL, or a redis-server from PATH on a free port, restarted
// when it crashes, with an append-only file (fsync every second) in its folder so sessions and
// queued jobs survive a restart (issue 15.4; docs/decisions.md "Durability of Redis").
// A test run's keys all start with its own prefix and are removed at the end.
import { mkdirSync } from 'node:fs';
import { Redis } from 'ioredis';
import { requireExecutable } from './prerequisites.ts';
import {
  startProcess,
  supervise,
  type ManagedProcess,
  type SuperviseOptions,
} from './processes.ts';

export interface RedisServer {
  url: string;
  port: number;
  // The redis-server running now (a new one after a restart); null for REDIS_URL.
  readonly process: ManagedProcess | null;
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

export const REDIS_INSTALL = 'install it with `apt-get install redis-server`, or set REDIS_URL';

export function requireRedisServer(): string {
  return requireExecutable('redis-server', REDIS_INSTALL);
}

// The redis-server arguments: append-only file, fsync once a second (at most ~1 s of writes lost
// on a crash), in `dir`; no RDB snapshots (the AOF is the copy).
export function redisServerArgs(port: number, dir: string): string[] {
  return [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    'everysec',
    '--dir',
    dir,
    '--daemonize',
    'no',
  ];
}

export async function startRedisServer(options: {
  port: number;
  dir: string;
  logFile?: string;
  // Restart policy when it crashes (default: the runner's; see supervise()).
  supervision?: SuperviseOptions;
}): Promise<RedisServer> {
  const install = REDIS_INSTALL;
  const binary = requireRedisServer();
  mkdirSync(options.dir, { recursive: true });
  const url = `redis://127.0.0.1:${options.port}`;
  const launch = async (): Promise<ManagedProcess> => {
    const managed = await startProcess(
      'redis',
      binary,
      redisServerArgs(options.port, options.dir),
      {
        logFile: options.logFile,
        format: () => null,
        installHint: install,
      },
    );
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
    return managed;
  };
  const supervised = await supervise('Redis', launch, options.supervision);
  return {
    url,
    port: options.port,
    get process() {
      return supervised.current();
    },
    stop: () => supervised.stop(),
  };
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
