import type { DataSource, EntityManager } from 'typeorm';
import {
  addAuditRecord,
  addOutboxEvent,
  withTransaction,
  type AuditDetail,
} from '@district/service-kit';
import { PasswordHasher } from '../users/password-hasher.service';
import { toUserEventPayload, type UserView } from '../users/user-view';
import { UsersRepository } from '../users/users.repository';

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
  const users = UsersRepository.over(dataSource);
  const found = await users.findRolesByUsername(account.username);
  const passwordHash = found ? undefined : await new PasswordHasher().hash(await password());

  return withTransaction(dataSource, async (manager) => {
    const row = await users.findRolesByUsername(account.username, manager);
    if (row) {
      const before = (await users.findView(row.id, manager)) as UserView;
      if (row.isAdmin) return { kind: 'unchanged', user: before };
      await users.setRoles(manager, row.id, { isAdmin: true, isSupervisor: row.isSupervisor });
      const { view: user, active } = (await users.findForEvent(row.id, manager))!;
      await addOutboxEvent(manager, 'user.updated', toUserEventPayload(user, active));
      await auditOperatorRoles(manager, user, {
        from: { isAdmin: false, isSupervisor: row.isSupervisor },
        to: { isAdmin: true, isSupervisor: row.isSupervisor },
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
    await addOutboxEvent(manager, 'user.registered', toUserEventPayload(user, true));
    await auditOperatorRoles(manager, user, {
      created: true,
      to: { isAdmin: true, isSupervisor: false },
    });
    return { kind: 'created', user };
  });
}

// The trail's record of the operator's change (actor null = an operator at the command line).
function auditOperatorRoles(
  manager: EntityManager,
  user: UserView,
  change: AuditDetail,
): Promise<string> {
  return addAuditRecord(manager, {
    actorId: null,
    action: 'user.roles.change',
    target: { type: 'user', id: user.id },
    outcome: 'success',
    detail: { name: user.name, by: 'operator', ...change },
  });
}
