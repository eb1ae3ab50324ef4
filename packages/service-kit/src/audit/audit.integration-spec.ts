import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../database/create-data-source';
import { runMigrations } from '../database/run-migrations';
import { withTransaction } from '../database/with-transaction';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { addAuditRecord, readAuditPage } from './audit.service';
import { decodeAuditCursor } from './audit-cursor';
import { CreateAuditLog1765000000000 } from './create-audit-log.migration';

let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await createTestDatabase('audit');
  ds = createDataSource({ url: db.url, schema: 'kit', migrations: [CreateAuditLog1765000000000] });
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
    const page = await readAuditPage(ds.manager, 'svc-kit', { limit: 10 });
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
    const first = await readAuditPage(ds.manager, 'svc-kit', { limit: 2 });
    expect(first.items.map((r) => r.target)).toEqual(['user:5', 'user:4']);
    expect(first.items[1]).toMatchObject({ outcome: 'failure', detail: 'No', actorId: 2 });
    const second = await readAuditPage(ds.manager, 'svc-kit', {
      limit: 2,
      before: decodeAuditCursor(first.nextCursor!),
    });
    expect(second.items.map((r) => r.target)).toEqual(['user:3', 'user:2']);
    const byActor = await readAuditPage(ds.manager, 'svc-kit', { limit: 10, actor: 2 });
    expect(byActor.items.map((r) => r.target)).toEqual(['user:4', 'user:2']);
    const byAction = await readAuditPage(ds.manager, 'svc-kit', {
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
    const all = await readAuditPage(ds.manager, 'svc-kit', { limit: 20, actor: 77 });
    const ids = all.items.map((r) => Number(r.id.split(':')[1]));
    expect(ids).toHaveLength(12);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(Math.max(...ids)).toBeGreaterThanOrEqual(10);
    const paged: number[] = [];
    let before: ReturnType<typeof decodeAuditCursor>;
    for (;;) {
      const page = await readAuditPage(ds.manager, 'svc-kit', { limit: 5, actor: 77, before });
      paged.push(...page.items.map((r) => Number(r.id.split(':')[1])));
      if (!page.nextCursor) break;
      before = decodeAuditCursor(page.nextCursor);
    }
    expect(paged).toEqual(ids);
  });
});
