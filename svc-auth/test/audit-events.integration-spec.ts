import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditRecordedPayload, Opportunity } from '@district/contracts';
import { addAuditRecord, withTransaction } from '@district/service-kit';
import { testRedisUrl, waitFor } from '@district/service-kit/testing';
import {
  opportunityBody,
  startVolunteerService,
  type VolunteerService,
} from '../../svc-volunteer/test/support/volunteer-fixtures';
import { startAuthService, type AuthTestService } from './support/auth-fixtures';
import { createUser, type TestUser } from './support/directory-fixtures';

// Issue 16: svc-volunteer's audit records reach svc-auth's one table through svc-volunteer's
// outbox, its relay and Redis (the two services share a BullMQ prefix, as on the platform), and
// GET /api/audit reads that table alone: no call between the services.

let h: AuthTestService;
let volunteer: VolunteerService;
let admin: TestUser;
let queue: Queue;

beforeAll(async () => {
  h = await startAuthService();
  volunteer = await startVolunteerService({ prefix: h.config.BULLMQ_PREFIX });
  admin = await createUser(h, 'admin', { name: 'Ada Events' });
  // Where a relay puts svc-auth's events; the test uses it to redeliver.
  queue = new Queue('events-svc-auth', {
    connection: { url: testRedisUrl() },
    prefix: h.config.BULLMQ_PREFIX,
  });
});

afterAll(async () => {
  await queue?.close();
  await volunteer?.close();
  await h?.close();
});

interface Item {
  id: string;
  service: string;
  at: string;
  action: string;
  target: string;
  outcome: string;
  actorId: number | null;
  actorName: string | null;
}

interface Page {
  status: number;
  body: { items: Item[]; nextCursor: string | null };
}

const audit = (query: string): Promise<Page> =>
  h.request('GET', `/api/audit${query}`, { headers: admin.headers }) as Promise<Page>;

async function allPages(query: string, pageSize: number): Promise<Item[]> {
  const seen: Item[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard += 1) {
    const res = await audit(`?pageSize=${pageSize}${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    seen.push(...res.body.items);
    cursor = res.body.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('paging did not end');
}

// Puts an audit.recorded event on svc-auth's queue as a relay would, and waits until it is handled.
async function deliver(
  payload: AuditRecordedPayload,
  eventId: string = randomUUID(),
): Promise<void> {
  await queue.add(
    'audit.recorded',
    { id: eventId, type: 'audit.recorded', payload, occurredAt: new Date().toISOString() },
    { jobId: eventId },
  );
  await waitFor(
    async () =>
      (
        (await h.db.query('SELECT 1 FROM auth.processed_events WHERE event_id = $1', [
          eventId,
        ])) as unknown[]
      ).length > 0,
    `event ${eventId} to be processed`,
  );
}

const storedCount = async (sourceId: string): Promise<number> =>
  (
    (await h.db.query('SELECT count(*)::int AS n FROM auth.audit_log WHERE source_id = $1', [
      sourceId,
    ])) as Array<{ n: number }>
  )[0].n;

describe('audit by events (svc-volunteer → outbox → Redis → svc-auth)', () => {
  it('shows an action done in svc-volunteer in GET /api/audit, with its time and actor name', async () => {
    const identity = { id: admin.id, isAdmin: true };
    const created = await volunteer.request<Opportunity>('POST', '/api/opportunities', {
      as: identity,
      json: opportunityBody({ title: 'Bayou Sweep' }),
    });
    expect(created.status).toBe(201);
    const archived = await volunteer.request(
      'PATCH',
      `/api/opportunities/${created.body.id}/status`,
      {
        as: identity,
        json: { status: 'archived' },
      },
    );
    expect(archived.status).toBe(200);

    const item = await waitFor(async () => {
      const res = await audit(`?action=opportunity.archive&actor=${admin.id}`);
      return res.body.items[0];
    }, 'the archive record to reach svc-auth');
    expect(item).toMatchObject({
      service: 'svc-volunteer',
      id: expect.stringMatching(/^svc-volunteer:\d+$/),
      target: `opportunity:${created.body.id}`,
      outcome: 'success',
      actorName: 'Ada Events',
    });
    // The time of svc-volunteer's transaction, not of the arrival.
    const [{ at }] = await volunteer.sql<{ at: string }>(
      `SELECT payload->>'at' AS at FROM outbox
        WHERE type = 'audit.recorded' AND payload->>'action' = 'opportunity.archive'`,
    );
    expect(item.at).toBe(at);
    const creates = await allPages(`&actor=${admin.id}&action=opportunity.create`, 10);
    expect(creates.map((r) => r.target)).toEqual([`opportunity:${created.body.id}`]);
  });

  it('stores a redelivered record once, under the same or a new event id', async () => {
    const [{ id: eventId, payload }] = await volunteer.sql<{
      id: string;
      payload: AuditRecordedPayload;
    }>(
      `SELECT id, payload FROM outbox
        WHERE type = 'audit.recorded' AND payload->>'action' = 'opportunity.create'`,
    );
    await waitFor(async () => (await storedCount(payload.sourceId)) === 1, 'the first delivery');
    // The same job again once BullMQ forgot it, and a relay that re-sent it under a new id.
    await queue.remove(eventId);
    await deliver(payload, eventId);
    await deliver(payload);
    expect(await storedCount(payload.sourceId)).toBe(1);
    expect((await queue.getJobCounts('failed')).failed).toBe(0);
  });

  it('orders the merged trail by each record’s own time, across services and pages', async () => {
    const t = (s: number) => `2020-03-01T00:00:${String(s).padStart(2, '0')}.000000Z`;
    const record = (
      service: AuditRecordedPayload['service'],
      at: string,
    ): AuditRecordedPayload => ({
      sourceId: randomUUID(),
      service,
      at,
      actorId: admin.id,
      action: 'photo.approve',
      targetType: 'photo',
      targetId: '1',
      outcome: 'success',
      detail: null,
    });
    // Arriving out of order, and two at one instant.
    for (const [service, s] of [
      ['svc-content', 7],
      ['svc-volunteer', 2],
      ['svc-hours', 5],
      ['svc-volunteer', 5],
      ['svc-content', 1],
    ] as const)
      await deliver(record(service, t(s)));
    // svc-auth's own record (now), through the same insert.
    await withTransaction(h.db, (manager) =>
      addAuditRecord(manager, {
        actorId: admin.id,
        action: 'users.backup',
        target: { type: 'users' },
        outcome: 'success',
      }),
    );
    const reference = await allPages('&to=2020-12-31', 50);
    expect(reference.map((r) => [r.service, r.at.slice(17, 19)])).toEqual([
      ['svc-content', '07'],
      ['svc-volunteer', '05'],
      ['svc-hours', '05'],
      ['svc-volunteer', '02'],
      ['svc-content', '01'],
    ]);
    for (const size of [1, 2, 4]) {
      const paged = await allPages('&to=2020-12-31', size);
      expect(paged.map((r) => r.id)).toEqual(reference.map((r) => r.id));
    }
    const newest = await audit('?pageSize=1');
    expect(newest.body.items[0]).toMatchObject({ service: 'svc-auth', action: 'users.backup' });
  });
});
