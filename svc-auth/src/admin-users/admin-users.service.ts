import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { API_MESSAGES, type DirectoryUser, type SchoolName } from '@district/contracts';
import {
  LOGGER,
  OutboxService,
  withTransaction,
  type Identity,
  type Logger,
} from '@district/service-kit';
import { AvatarStorage } from '../avatars/avatar-storage.service';
import { AVATAR_URL_PREFIX } from '../avatars/avatars.service';
import { directoryUserOf } from '../directory/directory-user.util';
import { SessionStore } from '../sessions/session-store';
import { toUserEventPayload, type UserView } from '../users/user-view';
import { UsersService } from '../users/users.service';

// What admins do to other accounts (SPEC §6): move a student to another school, delete an account.
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly sessions: SessionStore,
    private readonly avatars: AvatarStorage,
    private readonly outbox: OutboxService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // The row and the user.updated every replica follows commit together.
  async changeSchool(id: number, school: SchoolName): Promise<DirectoryUser> {
    const user = await withTransaction(this.dataSource, async (manager) => {
      if (!(await this.users.setSchool(manager, id, school)))
        throw new NotFoundException(API_MESSAGES.userNotFound);
      const view = (await this.users.findView(id, manager)) as UserView;
      await this.outbox.add(manager, 'user.updated', toUserEventPayload(view));
      return view;
    });
    return directoryUserOf(user);
  }

  // DESIGN "Account deletion": the account, its reset tokens and hour credits go here (cascade),
  // its sessions end at once, and user.deleted tells the other services to remove their part.
  async deleteUser(actor: Identity, id: number): Promise<void> {
    if (actor.id === id) throw new ForbiddenException(API_MESSAGES.cannotDeleteSelf);
    const removed = await withTransaction(this.dataSource, async (manager) => {
      const deleted = await this.users.delete(manager, id);
      if (!deleted) throw new NotFoundException(API_MESSAGES.userNotFound);
      await this.outbox.add(manager, 'user.deleted', { id });
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
