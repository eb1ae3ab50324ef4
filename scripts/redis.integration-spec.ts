// Issue 15.4: the runner's redis-server keeps an append-only file, so a crash (kill -9) loses
// neither sessions nor BullMQ jobs, and the supervisor brings it back on the same port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from '@jest/globals';
import { findFreePort } from './gateway.ts';
import { startRedisServer } from './redis.ts';

describe('startRedisServer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'redis-spec-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps sessions and queued BullMQ jobs across a kill -9, restarting on the same port', async () => {
    const lines: string[] = [];
    const server = await startRedisServer({
      port: await findFreePort(),
      dir,
      supervision: { log: (line) => lines.push(line) },
    });
    const connection = { host: '127.0.0.1', port: server.port, maxRetriesPerRequest: null };
    const queue = new Queue('events', { connection, prefix: 't_spec' });
    const client = new Redis(server.url, { maxRetriesPerRequest: null });
    client.on('error', () => undefined);
    queue.on('error', () => undefined);
    try {
      await client.set('t_spec:sess:abc', JSON.stringify({ userId: 7 }), 'EX', 3600);
      await queue.add('opportunity.created', { id: 42 });
      await queue.add('opportunity.created', { id: 43 });
      // appendfsync everysec: what was written more than a second ago is promised.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const before = server.process?.pid ?? -1;
      process.kill(before, 'SIGKILL');
      const deadline = Date.now() + 10_000;
      while (!lines.includes('platform: Redis restarted') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(lines).toEqual([
        'platform: Redis exited (SIGKILL); restarting in 0.5 s',
        'platform: Redis restarted',
      ]);
      expect(server.process?.pid).not.toBe(before);
      expect(JSON.parse((await client.get('t_spec:sess:abc')) ?? 'null')).toEqual({ userId: 7 });
      expect(await client.ttl('t_spec:sess:abc')).toBeGreaterThan(3500);
      const waiting = await queue.getWaiting();
      expect(waiting.map((job) => job.data)).toEqual(
        expect.arrayContaining([{ id: 42 }, { id: 43 }]),
      );
      expect(waiting).toHaveLength(2);
    } finally {
      await queue.close();
      client.disconnect();
      await server.stop();
    }
    expect(server.process?.hasExited()).toBe(true);
  });
});
