import { Inject } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

export { Redis } from 'ioredis';

// Injection token for the service's shared ioredis client (sessions, caches, pub/sub publishing).
export const REDIS = Symbol('service-kit:redis');
export const InjectRedis = () => Inject(REDIS);

export function createRedis(url: string, options: RedisOptions = {}): Redis {
  // Fail a command after a couple of reconnect attempts instead of hanging a request.
  return new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 5_000, ...options });
}

// Upper bound of one command on the request client: far above a healthy round trip (well under a
// millisecond locally), low enough that a page gets its 503 within a second (issue 15.2).
export const REQUEST_COMMAND_TIMEOUT_MS = 800;

// The client that serves requests (sessions, throttling, caches). A request must never wait for a
// Redis that is down: once the first connection is up, commands sent while disconnected fail at
// once (no offline queue) and any command is bounded by REQUEST_COMMAND_TIMEOUT_MS; the error
// becomes a 503 (errors/dependency-outage.ts). Until that first connection, commands queue, so
// start-up work does not race the connect. Reconnecting goes on in the background.
export function createRequestRedis(url: string, options: RedisOptions = {}): Redis {
  const redis = createRedis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: REQUEST_COMMAND_TIMEOUT_MS,
    ...options,
  });
  redis.once('ready', () => {
    redis.options.enableOfflineQueue = false;
  });
  return redis;
}

// One warning when a connection drops and one line when it is back, not one per retry.
export function logRedisOutages(redis: Redis, logger: Logger | undefined, what: string): void {
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger?.warn({ err: error }, `${what}: Redis unavailable, retrying`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    logger?.info(`${what}: Redis available again`);
  });
}

// Resolves after `ms` even if the promise does not (closing clients of an unreachable Redis).
export async function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise.catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}
