import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RegisterInput } from '@district/contracts';
import { API_MESSAGES } from '@district/contracts';
import { fieldError, OutboxService, withTransaction } from '@district/service-kit';
import { PrivacySettingsRepository } from '../privacy/privacy-settings.repository';
import { PasswordHasher } from '../users/password-hasher.service';
import { toUserEventPayload, type UserView } from '../users/user-view';
import { UsersRepository } from '../users/users.repository';

@Injectable()
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: OutboxService,
    private readonly privacySettings: PrivacySettingsRepository,
  ) {}

  // Roles are never taken from the body (contracts refuses true; false means nothing).
  async register(input: RegisterInput): Promise<UserView> {
    const passwordHash = await this.hasher.hash(input.password);
    try {
      return await withTransaction(this.dataSource, async (manager) => {
        // Issue 20: a new account starts as the district's policy says.
        const { directoryVisibleByDefault } = await this.privacySettings.read(manager);
        const user = await this.users.insert(manager, {
          username: input.username,
          passwordHash,
          name: input.name,
          email: input.email,
          school: input.school,
          grade: input.grade,
          serviceHours: input.serviceHours,
          avatarUrl: input.avatarUrl ?? null,
          directoryVisible: directoryVisibleByDefault,
        });
        await this.outbox.add(manager, 'user.registered', toUserEventPayload(user));
        return user;
      });
    } catch (error) {
      // The unique index on lower(username) decides, so two racing registrations cannot both win.
      if (this.users.isUsernameTaken(error))
        throw fieldError('username', API_MESSAGES.usernameTaken);
      throw error;
    }
  }

  // The same argon2 cost whether or not the username exists, so timing does not reveal accounts.
  async checkCredentials(username: string, password: string): Promise<UserView | null> {
    const credentials = await this.users.findCredentials(username);
    if (!credentials) {
      await this.hasher.burn(password);
      return null;
    }
    if (!(await this.hasher.verify(credentials.passwordHash, password))) return null;
    return this.users.findView(credentials.id);
  }
}
