import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../database/create-data-source';
import { parseEventPayload } from '../events/event-routing';
import { runMigrations } from '../database/run-migrations';
import { withTransaction } from '../database/with-transaction';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { addAuditRecord, readAuditPage, storeAuditRecord } from './audit-log.repository';
import {
  AuditLogSources1795600000000,
  MoveAuditLogToOutbox1795600000001,
} from './audit-by-events.migrations';
import { decodeAuditCursor } from './audit-cursor';
import { CreateAuditLog1765000000000 } from './create-audit-log.migration';

let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await createTestDatabase('audit');
  ds = createDataSource({
    url: db.url,
    schema: 'kit',
    migrations: [CreateAuditLog1765000000000, AuditLogSources1795600000000],
  });
  await ds.initialize();
  await runMigrations(ds);
});

afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
  await db?.drop();
});

describe('audit_log', () => {
  it('is written only inside a transaction, and only if that transaction commits', async () => {
    await expect(
      addAuditRecord(ds.manager, {
        actorId: 1,
        action: 'users.backup',
        target: { type: 'users' },
        outcome: 'success',
      }),
    ).rejects.toThrow(/inside a transaction/);
    await expect(
      withTransaction(ds, async (manager) => {
        await addAuditRecord(manager, {
          actorId: 1,
          action: 'user.delete',
          target: { type: 'user', id: 5 },
          outcome: 'success',
        });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    const page = await readAuditPage(ds.manager, { limit: 10 });
    expect(page).toEqual({ items: [], nextCursor: null });
  });

  it('pages newest first by keyset with filters, and refuses edits', async () => {
    await withTransaction(ds, async (manager) => {
      for (let i = 1; i <= 5; i += 1)
        await addAuditRecord(manager, {
          actorId: i % 2 === 0 ? 2 : 3,
          action: i === 5 ? 'user.delete' : 'user.roles.change',
          target: { type: 'user', id: i },
          outcome: i === 4 ? 'failure' : 'success',
          detail: i === 4 ? { reason: 'No' } : { n: i },
        });
    });
    // One transaction, one instant: the id orders them.
    const first = await readAuditPage(ds.manager, { limit: 2 });
    expect(first.items.map((r) => r.target)).toEqual(['user:5', 'user:4']);
    expect(first.items[1]).toMatchObject({ outcome: 'failure', detail: 'No', actorId: 2 });
    const second = await readAuditPage(ds.manager, {
      limit: 2,
      before: decodeAuditCursor(first.nextCursor!),
    });
    expect(second.items.map((r) => r.target)).toEqual(['user:3', 'user:2']);
    const byActor = await readAuditPage(ds.manager, { limit: 10, actor: 2 });
    expect(byActor.items.map((r) => r.target)).toEqual(['user:4', 'user:2']);
    const byAction = await readAuditPage(ds.manager, {
      limit: 10,
      action: 'user.delete',
    });
    expect(byAction.items.map((r) => r.target)).toEqual(['user:5']);
    await expect(ds.query('UPDATE kit.audit_log SET actor_id = 9')).rejects.toThrow(/append-only/);
    await expect(ds.query('DELETE FROM kit.audit_log')).rejects.toThrow(/append-only/);
  });

  it('orders ids numerically within one instant (9 before 10 is not "10" before "9")', async () => {
    await withTransaction(ds, async (manager) => {
      for (let i = 0; i < 12; i += 1)
        await addAuditRecord(manager, {
          actorId: 77,
          action: 'users.backup',
          target: { type: 'users' },
          outcome: 'success',
        });
    });
    const all = await readAuditPage(ds.manager, { limit: 20, actor: 77 });
    const ids = all.items.map((r) => Number(r.id.split(':')[1]));
    expect(ids).toHaveLength(12);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(Math.max(...ids)).toBeGreaterThanOrEqual(10);
    const paged: number[] = [];
    let before: ReturnType<typeof decodeAuditCursor>;
    for (;;) {
      const page = await readAuditPage(ds.manager, { limit: 5, actor: 77, before });
      paged.push(...page.items.map((r) => Number(r.id.split(':')[1])));
      if (!page.nextCursor) break;
      before = decodeAuditCursor(page.nextCursor);
    }
    expect(paged).toEqual(ids);
  });

  it('stores a record from another service once, however often it arrives, at its own time', async () => {
    const record = {
      sourceId: randomUUID(),
      service: 'svc-volunteer' as const,
      at: '2020-02-02T10:00:00.654321Z',
      actorId: 88,
      action: 'opportunity.archive' as const,
      targetType: 'opportunity',
      targetId: '7',
      outcome: 'success' as const,
      detail: { from: 'active', to: 'archived' },
    };
    const stored = await withTransaction(ds, (m) => storeAuditRecord(m, record));
    const again = await withTransaction(ds, (m) => storeAuditRecord(m, record));
    expect([stored, again]).toEqual([true, false]);
    const page = await readAuditPage(ds.manager, { limit: 10, actor: 88 });
    expect(page.items).toEqual([
      expect.objectContaining({
        service: 'svc-volunteer',
        at: '2020-02-02T10:00:00.654321Z',
        target: 'opportunity:7',
        data: { from: 'active', to: 'archived' },
      }),
    ]);
    expect(page.items[0].id).toMatch(/^svc-volunteer:\d+$/);
  });
});

describe('moving a service’s audit_log into its outbox (issue 16)', () => {
  it('publishes every record as audit.recorded with its original time, then drops the table', async () => {
    const settings = { url: db.url, schema: 'volunteer' };
    const before = createDataSource({ ...settings, migrations: [CreateAuditLog1765000000000] });
    await before.initialize();
    await runMigrations(before);
    await before.query(
      `INSERT INTO volunteer.audit_log (at, actor_id, action, target_type, target_id, outcome, detail)
       VALUES ('2025-05-05T05:05:05.123456Z', 3, 'photo.reject', 'photo', '9', 'failure', '{"reason":"No"}'),
              ('2025-01-01T00:00:00Z', NULL, 'users.backup', 'users', NULL, 'success', NULL)`,
    );
    await before.destroy();
    const after = createDataSource({
      ...settings,
      migrations: [CreateAuditLog1765000000000, MoveAuditLogToOutbox1795600000001],
    });
    await after.initialize();
    try {
      expect(await runMigrations(after)).toEqual(['MoveAuditLogToOutbox1795600000001']);
      const rows = (await after.query(
        `SELECT type, payload FROM volunteer.outbox ORDER BY seq`,
      )) as Array<{ type: string; payload: Record<string, unknown> }>;
      expect(rows.map((r) => r.type)).toEqual(['audit.recorded', 'audit.recorded']);
      // Oldest first, each a valid event payload.
      expect(rows.map((r) => parseEventPayload('audit.recorded', r.payload))).toEqual([
        expect.objectContaining({
          service: 'svc-volunteer',
          at: '2025-01-01T00:00:00.000000Z',
          actorId: null,
          action: 'users.backup',
          targetType: 'users',
          targetId: null,
          detail: null,
        }),
        expect.objectContaining({
          at: '2025-05-05T05:05:05.123456Z',
          actorId: 3,
          targetId: '9',
          outcome: 'failure',
          detail: { reason: 'No' },
        }),
      ]);
      const [{ exists }] = (await after.query(
        `SELECT to_regclass('volunteer.audit_log') IS NOT NULL AS exists`,
      )) as Array<{ exists: boolean }>;
      expect(exists).toBe(false);
    } finally {
      await after.destroy();
    }
  });
});
