import {
  ConflictException,
  ForbiddenException,
  HttpException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  API_MESSAGES,
  type ChangeRolesInput,
  type DirectoryUser,
  type SchoolName,
} from '@district/contracts';
import {
  AuditService,
  LOGGER,
  OutboxService,
  withTransaction,
  type AuditEntry,
  type Identity,
  type Logger,
} from '@district/service-kit';
import { AvatarStorage } from '../avatars/avatar-storage.service';
import { AVATAR_URL_PREFIX } from '../avatars/avatars.service';
import { directoryUserOf } from '../directory/directory-user.util';
import { SessionStore } from '../sessions/session-store';
import { UserRefs } from '../users/user-ref';
import { toUserEventPayload } from '../users/user-view';
import { UsersRepository } from '../users/users.repository';

type AuditTarget = Omit<AuditEntry, 'outcome' | 'detail'>;

// What an admin's action on one account records, before its outcome is known.
const onUser = (actor: Identity, action: AuditEntry['action'], id: number): AuditTarget => ({
  actorId: actor.id,
  action,
  target: { type: 'user', id },
});

// What admins do to other accounts (SPEC §6, issue 9): move a student to another school, delete
// an account, grant or revoke supervisor and admin rights. Each one leaves one audit record.
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly sessions: SessionStore,
    private readonly avatars: AvatarStorage,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly refs: UserRefs,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // The change, its event and its success record commit together; a refusal rolls all of that
  // back and leaves a failure record alone, in its own transaction.
  private async audited<T>(
    entry: AuditTarget,
    run: (manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    try {
      return await withTransaction(this.dataSource, run);
    } catch (error) {
      if (error instanceof HttpException) await this.recordRefusal(entry, error);
      throw error;
    }
  }

  private async recordRefusal(entry: AuditTarget, error: HttpException): Promise<void> {
    await this.audit.recordFailure({
      ...entry,
      detail: { reason: error.message, status: error.getStatus() },
    });
  }

  // The row and the user.updated every replica follows commit together.
  async changeSchool(actor: Identity, id: number, school: SchoolName): Promise<DirectoryUser> {
    const entry = onUser(actor, 'user.school.change', id);
    const user = await this.audited(entry, async (manager) => {
      const before = await this.users.lockForChange(manager, id);
      if (!before) throw new NotFoundException(API_MESSAGES.userNotFound);
      await this.users.setSchool(manager, id, school);
      const { view, active } = (await this.users.findForEvent(id, manager))!;
      await this.outbox.add(manager, 'user.updated', toUserEventPayload(view, active));
      await this.audit.record(manager, {
        ...entry,
        outcome: 'success',
        detail: { name: before.name, from: before.school, to: school },
      });
      return view;
    });
    return directoryUserOf(user, this.refs);
  }

  // Issue 9. Admin rows are locked first (then the target's), so the last-admin check holds even
  // when two admins demote each other at the same moment.
  async changeRoles(actor: Identity, id: number, input: ChangeRolesInput): Promise<DirectoryUser> {
    const entry = onUser(actor, 'user.roles.change', id);
    const user = await this.audited(entry, async (manager) => {
      const adminIds = await this.users.lockAdminIds(manager);
      // The token may be up to a minute old: the actor must still be an admin now.
      if (!adminIds.includes(actor.id)) throw new ForbiddenException(API_MESSAGES.forbidden);
      const before = await this.users.lockForChange(manager, id);
      if (!before) throw new NotFoundException(API_MESSAGES.userNotFound);
      const after = {
        isAdmin: input.isAdmin ?? before.isAdmin,
        isSupervisor: input.isSupervisor ?? before.isSupervisor,
      };
      const demotesAdmin = before.isAdmin && !after.isAdmin;
      if (demotesAdmin && adminIds.length <= 1) throw new ConflictException(API_MESSAGES.lastAdmin);
      if (demotesAdmin && id === actor.id)
        throw new ForbiddenException(API_MESSAGES.cannotRemoveOwnAdmin);
      await this.users.setRoles(manager, id, after);
      const { view, active } = (await this.users.findForEvent(id, manager))!;
      await this.outbox.add(manager, 'user.updated', toUserEventPayload(view, active));
      await this.audit.record(manager, {
        ...entry,
        outcome: 'success',
        detail: {
          name: before.name,
          from: { isAdmin: before.isAdmin, isSupervisor: before.isSupervisor },
          to: after,
        },
      });
      return view;
    });
    return directoryUserOf(user, this.refs);
  }

  // DESIGN "Account deletion": the account, its reset tokens and hour credits go here (cascade),
  // its sessions end at once, and user.deleted tells the other services to remove their part.
  async deleteUser(actor: Identity, id: number): Promise<void> {
    const entry = onUser(actor, 'user.delete', id);
    if (actor.id === id) {
      const refusal = new ForbiddenException(API_MESSAGES.cannotDeleteSelf);
      await this.recordRefusal(entry, refusal);
      throw refusal;
    }
    await this.remove(entry, id);
  }

  // Issue 20: a student deletes their own account (password checked by the caller), through the
  // same path as an admin's deletion, recorded as done by themselves.
  async deleteOwnAccount(actor: Identity): Promise<void> {
    await this.remove(
      { actorId: actor.id, action: 'user.delete.self', target: { type: 'user', id: actor.id } },
      actor.id,
    );
  }

  // Issue 20: a guardian refused consent, or none came within the deadline. Same path; no
  // signed-in actor (the guardian has no account, the sweep is the platform).
  async deleteWithoutConsent(
    action: 'consent.refuse' | 'consent.expire',
    id: number,
    detail: Record<string, string | null>,
  ): Promise<void> {
    await this.remove({ actorId: null, action, target: { type: 'user', id } }, id, detail);
  }

  private async remove(
    entry: AuditTarget,
    id: number,
    extraDetail: Record<string, string | null> = {},
  ): Promise<void> {
    const removed = await this.audited(entry, async (manager) => {
      const deleted = await this.users.delete(manager, id);
      if (!deleted) throw new NotFoundException(API_MESSAGES.userNotFound);
      await this.outbox.add(manager, 'user.deleted', { id });
      // The account is gone afterwards: its name stays readable in the record.
      await this.audit.record(manager, {
        ...entry,
        outcome: 'success',
        detail: { name: deleted.name, username: deleted.username, ...extraDetail },
      });
      // Last step before commit: if Redis fails, the account stays rather than being deleted
      // while its sessions live on. (The gateway reads the user fresh anyway, so a session of a
      // deleted account would already be refused.)
      await this.sessions.destroyAllForUser(id);
      return deleted;
    });
    const avatarUrl = removed.avatarUrl;
    if (avatarUrl?.startsWith(AVATAR_URL_PREFIX)) {
      // The account is gone either way; a leftover file is only disk space, so log, never fail.
      await this.avatars
        .remove(avatarUrl.slice(AVATAR_URL_PREFIX.length))
        .catch((error: unknown) =>
          this.logger.warn(
            { err: error, userId: id },
            'could not remove the avatar of a deleted user',
          ),
        );
    }
  }
}
