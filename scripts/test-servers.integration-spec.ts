import { describe, expect, it } from '@jest/globals';
import { postgresAnswers } from './postgres.ts';
import { redisAnswers } from './redis.ts';
import { ensureTestServers } from './test-servers.ts';

describe('ensureTestServers (npm test on a machine without PostgreSQL or Redis)', () => {
  it('starts its own servers when none answers, hands them over as URLs, and stops them', async () => {
    // Nothing listens on port 1: as on a fresh machine.
    const servers = await ensureTestServers(
      {
        needNginx: false,
        localPostgres: 'postgres://postgres@127.0.0.1:1/postgres',
        localRedis: 'redis://127.0.0.1:1',
      },
      {},
    );
    try {
      expect(Object.keys(servers.env).sort()).toEqual(['DATABASE_URL', 'REDIS_URL']);
      expect(servers.lines).toHaveLength(2);
      expect(await postgresAnswers(servers.env.DATABASE_URL as string)).toBe(true);
      expect(await redisAnswers(servers.env.REDIS_URL as string)).toBe(true);
    } finally {
      await servers.stop();
    }
    expect(await postgresAnswers(servers.env.DATABASE_URL as string)).toBe(false);
    expect(await redisAnswers(servers.env.REDIS_URL as string)).toBe(false);
  });

  it('uses the servers that answer and starts nothing', async () => {
    // The servers this run uses (npm test's own on a fresh machine).
    const servers = await ensureTestServers(
      {
        needNginx: false,
        localPostgres: process.env.DATABASE_URL || undefined,
        localRedis: process.env.REDIS_URL || undefined,
      },
      {},
    );
    expect(servers.env).toEqual({});
    await servers.stop();
  });
});
