import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  API_MESSAGES,
  CONSENT_MESSAGES,
  type PrivacySettings,
  type PrivacySettingsChange,
} from '@district/contracts';
import { AuditService, OutboxService, withTransaction, type Identity } from '@district/service-kit';
import { AdminUsersService } from '../admin-users/admin-users.service';
import { PasswordHasher } from '../users/password-hasher.service';
import { toUserEventPayload, type UserView } from '../users/user-view';
import { UsersRepository } from '../users/users.repository';
import { PrivacySettingsRepository } from './privacy-settings.repository';

// Issue 20: a student's directory choice and own-account deletion; the district's policy.
@Injectable()
export class PrivacyService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly settings: PrivacySettingsRepository,
    private readonly hasher: PasswordHasher,
    private readonly adminUsers: AdminUsersService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
  ) {}

  // The row and the user.updated every replica follows (sign-up lists) commit together; the
  // directory's counter trigger moves with the row.
  async setDirectoryVisible(user: Identity, directoryVisible: boolean): Promise<UserView> {
    // Issue 20: peers never see a student waiting for a guardian's consent.
    if (directoryVisible && (await this.users.findView(user.id))?.restricted)
      throw new ForbiddenException(CONSENT_MESSAGES.restrictedVisibility);
    return withTransaction(this.dataSource, async (manager) => {
      if (!(await this.users.setDirectoryVisible(manager, user.id, directoryVisible)))
        throw new NotFoundException(API_MESSAGES.userNotFound);
      const { view, active } = (await this.users.findForEvent(user.id, manager))!;
      await this.outbox.add(manager, 'user.updated', toUserEventPayload(view, active));
      return view;
    });
  }

  readSettings(): Promise<PrivacySettings> {
    return this.settings.read();
  }

  async changeSettings(actor: Identity, change: PrivacySettingsChange): Promise<PrivacySettings> {
    return withTransaction(this.dataSource, async (manager) => {
      const before = await this.settings.lock(manager);
      const next: PrivacySettings = {
        directoryVisibleByDefault:
          change.directoryVisibleByDefault ?? before.directoryVisibleByDefault,
        consentMode: change.consentMode ?? before.consentMode,
        registrationPolicy: change.registrationPolicy ?? before.registrationPolicy,
      };
      await this.settings.write(manager, next);
      await this.audit.record(manager, {
        actorId: actor.id,
        action: 'privacy.settings.change',
        target: { type: 'privacy-settings', id: null },
        outcome: 'success',
        detail: { from: before, to: next },
      });
      return next;
    });
  }

  // The password confirms it is the student at the keyboard; then the admins' deletion path.
  async deleteOwnAccount(user: Identity, password: string): Promise<void> {
    const credentials = await this.users.findCredentialsById(user.id);
    if (!credentials) throw new NotFoundException(API_MESSAGES.userNotFound);
    if (!(await this.hasher.verify(credentials.passwordHash, password)))
      throw new ForbiddenException(API_MESSAGES.wrongPassword);
    await this.adminUsers.deleteOwnAccount(user);
  }
}
