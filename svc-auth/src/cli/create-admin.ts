import type { DataSource } from 'typeorm';
import { addAuditRecord, addOutboxEvent, schemaOf, withTransaction } from '@district/service-kit';
import { PasswordHasher } from '../users/password-hasher.service';
import { toUserEventPayload, type UserView } from '../users/user-view';
import { UsersService } from '../users/users.service';

// Staff accounts sit outside the school registry (as the seed's do): "Other" in the directory.
export const STAFF_SCHOOL = 'District Office';
export const STAFF_GRADE = 12;

export interface AdminAccount {
  username: string;
  name?: string;
  email?: string;
  school?: string;
  grade?: number;
}

export type CreateAdminResult =
  | { kind: 'created'; user: UserView }
  | { kind: 'promoted'; user: UserView }
  | { kind: 'unchanged'; user: UserView };

// The operator's way to an admin (issue 9): creates the account, or promotes an existing one,
// with its event and an audit record (actor null = operator) in one transaction. `password` is
// asked for only when the account has to be created.
export async function createAdmin(
  dataSource: DataSource,
  account: AdminAccount,
  password: () => Promise<string>,
): Promise<CreateAdminResult> {
  const users = new UsersService(dataSource);
  const table = `"${schemaOf(dataSource)}"."users"`;
  const existing = async (): Promise<{ id: number; is_admin: boolean } | undefined> => {
    const rows = (await dataSource.query(
      `SELECT id, is_admin FROM ${table} WHERE lower(username) = lower($1)`,
      [account.username],
    )) as Array<{ id: number; is_admin: boolean }>;
    return rows[0];
  };
  const found = await existing();
  const passwordHash = found ? undefined : await new PasswordHasher().hash(await password());

  return withTransaction(dataSource, async (manager) => {
    const rows = (await manager.query(
      `SELECT id, is_admin, is_supervisor FROM ${table} WHERE lower(username) = lower($1) FOR UPDATE`,
      [account.username],
    )) as Array<{ id: number; is_admin: boolean; is_supervisor: boolean }>;
    const row = rows[0];
    if (row) {
      const before = (await users.findView(row.id, manager)) as UserView;
      if (row.is_admin) return { kind: 'unchanged', user: before };
      await users.setRoles(manager, row.id, { isAdmin: true, isSupervisor: row.is_supervisor });
      const user = (await users.findView(row.id, manager)) as UserView;
      await addOutboxEvent(manager, 'user.updated', toUserEventPayload(user));
      await addAuditRecord(manager, {
        actorId: null,
        action: 'user.roles.change',
        target: { type: 'user', id: user.id },
        outcome: 'success',
        detail: {
          name: user.name,
          by: 'operator',
          from: { isAdmin: false, isSupervisor: row.is_supervisor },
          to: { isAdmin: true, isSupervisor: row.is_supervisor },
        },
      });
      return { kind: 'promoted', user };
    }
    // Created between our first look and the lock: rare; the operator simply runs it again.
    if (!passwordHash) throw new Error(`User "${account.username}" changed meanwhile; run again`);
    const user = await users.insert(manager, {
      username: account.username,
      passwordHash,
      name: account.name ?? 'District Admin',
      email:
        account.email ??
        `${account.username.toLowerCase().replace(/[^a-z0-9._-]/g, '')}@district.invalid`,
      school: account.school ?? STAFF_SCHOOL,
      grade: account.grade ?? STAFF_GRADE,
      serviceHours: 0,
      isAdmin: true,
      isSupervisor: false,
    });
    await addOutboxEvent(manager, 'user.registered', toUserEventPayload(user));
    await addAuditRecord(manager, {
      actorId: null,
      action: 'user.roles.change',
      target: { type: 'user', id: user.id },
      outcome: 'success',
      detail: {
        name: user.name,
        by: 'operator',
        created: true,
        to: { isAdmin: true, isSupervisor: false },
      },
    });
    return { kind: 'created', user };
  });
}
