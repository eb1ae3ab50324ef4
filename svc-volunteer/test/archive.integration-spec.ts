import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Opportunity } from '@district/contracts';
import {
  clearRedisPrefix,
  createTestDatabase,
  testRedisPrefix,
  testRedisUrl,
} from '@district/service-kit/testing';
import { ARCHIVE_QUEUE } from '../src/archive/archive.processor';
import {
  admin,
  opportunityBody,
  startVolunteerService,
  student,
  waitFor,
  type VolunteerService,
} from './support/volunteer-fixtures';

const DAY = 24 * 3600 * 1000;

describe('archive job (BullMQ, real PostgreSQL and Redis)', () => {
  const db = createTestDatabase('volunteer_archive');
  const prefix = testRedisPrefix('archive');
  let replicas: VolunteerService[] = [];

  beforeAll(async () => {
    const database = await db;
    // Two replicas of the service on one database and one BullMQ prefix, as in production.
    replicas = [
      await startVolunteerService({ database, prefix, archiveIntervalMs: 300 }),
      await startVolunteerService({ database, prefix, archiveIntervalMs: 300 }),
    ];
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await (await db).drop();
    await clearRedisPrefix(prefix);
  });

  it('archives opportunities whose date has passed, once, and leaves current and future ones active', async () => {
    const [app] = replicas;
    const create = async (title: string, date: Date) =>
      (
        await app.request<Opportunity>('POST', '/api/opportunities', {
          as: admin,
          json: opportunityBody({ title, date: date.toISOString() }),
        })
      ).body;
    const lastWeek = await create('Last week', new Date(Date.now() - 7 * DAY));
    const yesterday = await create('Two days ago', new Date(Date.now() - 2 * DAY));
    const today = await create('Earlier today', new Date(Date.now() - 2 * 3600 * 1000));
    const nextWeek = await create('Next week', new Date(Date.now() + 7 * DAY));

    await waitFor(
      async () =>
        (
          await app.sql(`SELECT 1 FROM opportunities WHERE status = 'archived' AND id = ANY($1)`, [
            [lastWeek.id, yesterday.id],
          ])
        ).length === 2,
      'past opportunities were not archived',
    );
    const archivedList = (
      await app.request<Opportunity[]>('GET', '/api/opportunities?status=archived', { as: student })
    ).body;
    expect(archivedList.map((o) => o.title)).toEqual(['Two days ago', 'Last week']);
    const activeList = (
      await replicas[1].request<Opportunity[]>('GET', '/api/opportunities?status=active', {
        as: student,
      })
    ).body;
    expect(activeList.map((o) => o.id)).toEqual([today.id, nextWeek.id]);

    // Later runs (by either replica) do not touch what is already archived.
    const [first] = await app.sql<{ archived_at: Date }>(
      `SELECT archived_at FROM opportunities WHERE id = $1`,
      [lastWeek.id],
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const [later] = await app.sql<{ archived_at: Date }>(
      `SELECT archived_at FROM opportunities WHERE id = $1`,
      [lastWeek.id],
    );
    expect(later.archived_at.toISOString()).toBe(first.archived_at.toISOString());
  });

  it('keeps one schedule for all replicas, each run taken by one worker', async () => {
    const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    const queue = new Queue(ARCHIVE_QUEUE, { connection: redis, prefix });
    try {
      expect(await queue.getJobSchedulersCount()).toBe(1);
      const completed = await queue.getJobs(['completed'], 0, 100);
      expect(completed.length).toBeGreaterThan(1);
      // No run was processed twice: every completed job is a distinct scheduled iteration.
      expect(new Set(completed.map((job) => job.id)).size).toBe(completed.length);
      expect(await queue.getJobs(['failed'])).toEqual([]);
    } finally {
      await queue.close();
      redis.disconnect();
    }
  });
});
