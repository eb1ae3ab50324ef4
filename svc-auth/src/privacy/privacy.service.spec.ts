import { ForbiddenException, NotFoundException } from '@nestjs/common';
import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditService, OutboxService } from '@district/service-kit';
import type { AdminUsersService } from '../admin-users/admin-users.service';
import type { PasswordHasher } from '../users/password-hasher.service';
import type { UserView } from '../users/user-view';
import type { UsersRepository } from '../users/users.repository';
import type { PrivacySettingsRepository } from './privacy-settings.repository';
import { PrivacyService } from './privacy.service';

const student = { id: 7, isAdmin: false, isSupervisor: false };

function setup(options: { restricted?: boolean; found?: boolean; password?: boolean } = {}) {
  const manager = {} as EntityManager;
  const dataSource = {
    transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
  };
  const view = { id: 7, restricted: options.restricted ?? false } as UserView;
  const users: jest.Mocked<
    Pick<
      UsersRepository,
      'findView' | 'findForEvent' | 'setDirectoryVisible' | 'findCredentialsById'
    >
  > = {
    findView: jest.fn(async () => view),
    findForEvent: jest.fn(async () => ({ view, active: true })),
    setDirectoryVisible: jest.fn(async () => options.found ?? true),
    findCredentialsById: jest.fn(async () =>
      options.found === false ? null : { id: 7, passwordHash: 'h' },
    ),
  } as never;
  const settings: jest.Mocked<Pick<PrivacySettingsRepository, 'read' | 'lock' | 'write'>> = {
    read: jest.fn(async () => ({
      directoryVisibleByDefault: true,
      consentMode: 'school' as const,
      registrationPolicy: 'open' as const,
    })),
    lock: jest.fn(async () => ({
      directoryVisibleByDefault: true,
      consentMode: 'school' as const,
      registrationPolicy: 'open' as const,
    })),
    write: jest.fn(async () => undefined),
  };
  const hasher: jest.Mocked<Pick<PasswordHasher, 'verify'>> = {
    verify: jest.fn(async () => options.password ?? true),
  };
  const adminUsers: jest.Mocked<Pick<AdminUsersService, 'deleteOwnAccount'>> = {
    deleteOwnAccount: jest.fn(async () => undefined),
  };
  const outbox: jest.Mocked<Pick<OutboxService, 'add'>> = { add: jest.fn(async () => 'event-id') };
  const audit: jest.Mocked<Pick<AuditService, 'record'>> = {
    record: jest.fn(async () => 'record-id'),
  };
  const sut = new PrivacyService(
    dataSource as unknown as DataSource,
    users as unknown as UsersRepository,
    settings as unknown as PrivacySettingsRepository,
    hasher as unknown as PasswordHasher,
    adminUsers as unknown as AdminUsersService,
    outbox as unknown as OutboxService,
    audit as unknown as AuditService,
  );
  return { sut, users, settings, adminUsers, outbox, audit, manager };
}

describe(PrivacyService.name, () => {
  it('hides or shows the student and sends user.updated in the same transaction', async () => {
    const { sut, users, outbox, manager } = setup();
    await sut.setDirectoryVisible(student, false);
    expect(users.setDirectoryVisible).toHaveBeenCalledWith(manager, 7, false);
    expect(outbox.add).toHaveBeenCalledWith(
      manager,
      'user.updated',
      expect.objectContaining({ id: 7 }),
    );
  });

  it('refuses (403) to show a student still waiting for a guardian, changing nothing', async () => {
    const { sut, users } = setup({ restricted: true });
    await expect(sut.setDirectoryVisible(student, true)).rejects.toBeInstanceOf(ForbiddenException);
    expect(users.setDirectoryVisible).not.toHaveBeenCalled();
  });

  it('answers 404 when the account went away, sending no event', async () => {
    const { sut, outbox } = setup({ found: false });
    await expect(sut.setDirectoryVisible(student, false)).rejects.toBeInstanceOf(NotFoundException);
    expect(outbox.add).not.toHaveBeenCalled();
  });

  it('changes only the settings named and audits from/to', async () => {
    const { sut, settings, audit, manager } = setup();
    const next = await sut.changeSettings(
      { ...student, id: 1, isAdmin: true },
      { consentMode: 'guardian' },
    );
    expect(next).toEqual({
      directoryVisibleByDefault: true,
      consentMode: 'guardian',
      registrationPolicy: 'open',
    });
    expect(settings.write).toHaveBeenCalledWith(manager, next);
    expect(audit.record).toHaveBeenCalledWith(
      manager,
      expect.objectContaining({
        actorId: 1,
        action: 'privacy.settings.change',
        detail: {
          from: {
            directoryVisibleByDefault: true,
            consentMode: 'school',
            registrationPolicy: 'open',
          },
          to: next,
        },
      }),
    );
  });

  it('deletes an own account only with the right password (403 otherwise)', async () => {
    const wrong = setup({ password: false });
    await expect(wrong.sut.deleteOwnAccount(student, 'nope')).rejects.toBeInstanceOf(
      ForbiddenException,
    );
    expect(wrong.adminUsers.deleteOwnAccount).not.toHaveBeenCalled();
    const right = setup();
    await right.sut.deleteOwnAccount(student, 'correct');
    expect(right.adminUsers.deleteOwnAccount).toHaveBeenCalledWith(student);
  });

  it('answers 404 for deleting an account that is already gone', async () => {
    const { sut } = setup({ found: false });
    await expect(sut.deleteOwnAccount(student, 'pw')).rejects.toBeInstanceOf(NotFoundException);
  });
});
