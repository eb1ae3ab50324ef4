// Issue 9: the operator's `npm run admin:create` (src/cli/create-admin.ts) against svc-auth's real
// database: it creates an admin, promotes an existing account, or changes nothing, each time with
// the user event and the operator's audit record in the same transaction.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAdmin } from '../src/cli/create-admin';
import { startAuthService, type AuthTestService } from './support/auth-fixtures';
import { createUser, outboxRows } from './support/directory-fixtures';

let h: AuthTestService;

beforeAll(async () => {
  h = await startAuthService();
});

afterAll(async () => {
  await h?.close();
});

async function operatorRecords(userId: number): Promise<Array<Record<string, unknown>>> {
  const rows = (await h.db.query(
    `SELECT detail FROM auth.audit_log
      WHERE action = 'user.roles.change' AND actor_id IS NULL AND target_id = $1 ORDER BY id`,
    [String(userId)],
  )) as Array<{ detail: Record<string, unknown> }>;
  return rows.map((row) => row.detail);
}

const password = async () => 'a-long-operator-password';

describe('createAdmin', () => {
  it('creates a staff admin with user.registered and the operator audit record', async () => {
    const result = await createAdmin(h.db, { username: 'ops-admin' }, password);
    expect(result.kind).toBe('created');
    expect(result.user).toMatchObject({
      username: 'ops-admin',
      isAdmin: true,
      isSupervisor: false,
    });
    expect(await outboxRows(h, 'user.registered', result.user.id)).toHaveLength(1);
    expect(await operatorRecords(result.user.id)).toEqual([
      {
        name: 'District Admin',
        by: 'operator',
        created: true,
        to: { isAdmin: true, isSupervisor: false },
      },
    ]);
  });

  it('promotes an existing account once, then changes nothing', async () => {
    const student = await createUser(h, 'student', { name: 'Pat Promoted' });
    const promoted = await createAdmin(h.db, { username: student.username }, password);
    expect(promoted.kind).toBe('promoted');
    expect(promoted.user.isAdmin).toBe(true);
    expect(await outboxRows(h, 'user.updated', student.id)).toHaveLength(1);

    const again = await createAdmin(h.db, { username: student.username }, password);
    expect(again.kind).toBe('unchanged');
    expect(await operatorRecords(student.id)).toEqual([
      {
        name: 'Pat Promoted',
        by: 'operator',
        from: { isAdmin: false, isSupervisor: false },
        to: { isAdmin: true, isSupervisor: false },
      },
    ]);
  });
});
