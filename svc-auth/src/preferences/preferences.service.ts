import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { API_MESSAGES, type UserPreferences } from '@district/contracts';
import { OutboxService, withTransaction, type Identity } from '@district/service-kit';
import { toUserEventPayload, type UserView } from '../users/user-view';
import { UsersRepository } from '../users/users.repository';

// Issue 22: the user's language. The row and the user.updated the replicas follow (reminders
// and other notifications are written in it) commit together.
@Injectable()
export class PreferencesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly outbox: OutboxService,
  ) {}

  update(user: Identity, preferences: UserPreferences): Promise<UserView> {
    return withTransaction(this.dataSource, async (manager) => {
      if (!(await this.users.setLanguage(manager, user.id, preferences.language)))
        throw new NotFoundException(API_MESSAGES.userNotFound);
      const { view, active } = (await this.users.findForEvent(user.id, manager))!;
      await this.outbox.add(manager, 'user.updated', toUserEventPayload(view, active));
      return view;
    });
  }
}
