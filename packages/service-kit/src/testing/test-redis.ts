import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? DEFAULT_TEST_REDIS_URL;
}

// A BullMQ/key prefix of its own for one test run.
export function testRedisPrefix(name = 'test'): string {
  return `t_${randomBytes(5).toString('hex')}_${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

// Deletes every key under `<prefix>:`; call in afterAll.
export async function clearRedisPrefix(prefix: string, url = testRedisUrl()): Promise<number> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  let removed = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) removed += await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return removed;
}
