import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { API_MESSAGES } from '@district/contracts';
import type { AuditService, Logger, OutboxService } from '@district/service-kit';
import type { AvatarStorage } from '../avatars/avatar-storage.service';
import type { SessionStore } from '../sessions/session-store';
import type { UserRefs } from '../users/user-ref';
import type { UserView } from '../users/user-view';
import type { UsersRepository } from '../users/users.repository';
import { AdminUsersService } from './admin-users.service';

const admin = { id: 1, isAdmin: true, isSupervisor: false };
const view = {
  id: 7,
  name: 'Ada',
  school: 'Jesuit High School',
  grade: 10,
  avatarUrl: null,
  serviceHours: 0,
  isAdmin: false,
  isSupervisor: true,
} as UserView;

type Target = { name: string; school: string; isAdmin: boolean; isSupervisor: boolean };

function setup(
  options: {
    adminIds?: number[];
    target?: Target | undefined;
    deleted?: { avatarUrl: string | null; name: string; username: string } | undefined;
  } = {},
) {
  const manager = {} as EntityManager;
  const dataSource = {
    transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
  };
  const target: Target | undefined =
    'target' in options
      ? options.target
      : { name: 'Ada', school: 'Jesuit High School', isAdmin: false, isSupervisor: false };
  const users: jest.Mocked<
    Pick<
      UsersRepository,
      'lockAdminIds' | 'lockForChange' | 'setRoles' | 'setSchool' | 'findForEvent' | 'delete'
    >
  > = {
    lockAdminIds: jest.fn(async () => options.adminIds ?? [1]),
    lockForChange: jest.fn(async () => target),
    setRoles: jest.fn(async () => true),
    setSchool: jest.fn(async () => true),
    findForEvent: jest.fn(async () => ({ view, active: true })),
    delete: jest.fn(async () =>
      'deleted' in options ? options.deleted : { avatarUrl: null, name: 'Ada', username: 'ada' },
    ),
  } as never;
  const sessions: jest.Mocked<Pick<SessionStore, 'destroyAllForUser'>> = {
    destroyAllForUser: jest.fn(async () => undefined),
  } as never;
  const avatars: jest.Mocked<Pick<AvatarStorage, 'remove'>> = {
    remove: jest.fn(async () => undefined),
  };
  const outbox: jest.Mocked<Pick<OutboxService, 'add'>> = { add: jest.fn(async () => 'event-id') };
  const audit: jest.Mocked<Pick<AuditService, 'record' | 'recordFailure'>> = {
    record: jest.fn(async () => 'record-id'),
    recordFailure: jest.fn(async () => undefined),
  } as never;
  const refs = { of: (id: number) => `ref-${id}` } as unknown as UserRefs;
  const logger = { warn: jest.fn() } as unknown as Logger;
  const sut = new AdminUsersService(
    dataSource as unknown as DataSource,
    users as unknown as UsersRepository,
    sessions as unknown as SessionStore,
    avatars as unknown as AvatarStorage,
    outbox as unknown as OutboxService,
    audit as unknown as AuditService,
    refs,
    logger,
  );
  return { sut, users, sessions, avatars, outbox, audit, manager };
}

describe(AdminUsersService.name, () => {
  it('changes a school with its user.updated and a success record naming from/to', async () => {
    const { sut, users, outbox, audit, manager } = setup();
    const user = await sut.changeSchool(admin, 7, 'Chalmette High School');
    expect(user).toMatchObject({ ref: 'ref-7', id: 7 });
    expect(users.setSchool).toHaveBeenCalledWith(manager, 7, 'Chalmette High School');
    expect(outbox.add).toHaveBeenCalledWith(
      manager,
      'user.updated',
      expect.objectContaining({ id: 7 }),
    );
    expect(audit.record).toHaveBeenCalledWith(
      manager,
      expect.objectContaining({
        action: 'user.school.change',
        outcome: 'success',
        detail: { name: 'Ada', from: 'Jesuit High School', to: 'Chalmette High School' },
      }),
    );
  });

  it('answers 404 for an unknown user and records the refusal alone', async () => {
    const { sut, outbox, audit } = setup({ target: undefined });
    await expect(sut.changeSchool(admin, 99, 'Chalmette High School')).rejects.toBeInstanceOf(
      NotFoundException,
    );
    expect(outbox.add).not.toHaveBeenCalled();
    expect(audit.recordFailure).toHaveBeenCalledWith(
      expect.objectContaining({
        action: 'user.school.change',
        detail: expect.objectContaining({ status: 404 }),
      }),
    );
  });

  it('refuses (403) a role change by an actor who is no longer an admin', async () => {
    const { sut, users } = setup({ adminIds: [2] });
    await expect(sut.changeRoles(admin, 7, { isSupervisor: true })).rejects.toBeInstanceOf(
      ForbiddenException,
    );
    expect(users.setRoles).not.toHaveBeenCalled();
  });

  it('refuses (409) to demote the last admin', async () => {
    const { sut, users } = setup({
      adminIds: [1],
      target: { name: 'Ada', school: 'x', isAdmin: true, isSupervisor: false },
    });
    await expect(sut.changeRoles(admin, 7, { isAdmin: false })).rejects.toBeInstanceOf(
      ConflictException,
    );
    expect(users.setRoles).not.toHaveBeenCalled();
  });

  it('refuses (403) an admin removing their own admin right, even with another admin left', async () => {
    const { sut } = setup({
      adminIds: [1, 2],
      target: { name: 'Me', school: 'x', isAdmin: true, isSupervisor: false },
    });
    await expect(sut.changeRoles(admin, 1, { isAdmin: false })).rejects.toBeInstanceOf(
      ForbiddenException,
    );
  });

  it('grants only the roles named and records from/to', async () => {
    const { sut, users, audit, manager } = setup();
    await sut.changeRoles(admin, 7, { isSupervisor: true });
    expect(users.setRoles).toHaveBeenCalledWith(manager, 7, { isAdmin: false, isSupervisor: true });
    expect(audit.record).toHaveBeenCalledWith(
      manager,
      expect.objectContaining({
        detail: {
          name: 'Ada',
          from: { isAdmin: false, isSupervisor: false },
          to: { isAdmin: false, isSupervisor: true },
        },
      }),
    );
  });

  it('refuses (403) an admin deleting themselves, recorded, nothing deleted', async () => {
    const { sut, users, audit } = setup();
    const refusal = await sut.deleteUser(admin, 1).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ForbiddenException);
    expect((refusal as ForbiddenException).message).toBe(API_MESSAGES.cannotDeleteSelf);
    expect(users.delete).not.toHaveBeenCalled();
    expect(audit.recordFailure).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'user.delete' }),
    );
  });

  it('deletes: user.deleted, a record with the name, every session ended, the avatar file removed', async () => {
    const { sut, outbox, audit, sessions, avatars, manager } = setup({
      deleted: { avatarUrl: '/api/avatars/7-abc.webp', name: 'Ada', username: 'ada' },
    });
    await sut.deleteUser(admin, 7);
    expect(outbox.add).toHaveBeenCalledWith(manager, 'user.deleted', { id: 7 });
    expect(audit.record).toHaveBeenCalledWith(
      manager,
      expect.objectContaining({ action: 'user.delete', detail: { name: 'Ada', username: 'ada' } }),
    );
    expect(sessions.destroyAllForUser).toHaveBeenCalledWith(7);
    expect(avatars.remove).toHaveBeenCalledWith('7-abc.webp');
  });

  it('records a deletion without consent with no actor and the reason given', async () => {
    const { sut, audit, manager } = setup();
    await sut.deleteWithoutConsent('consent.expire', 7, { guardian: 'mum@example.org' });
    expect(audit.record).toHaveBeenCalledWith(
      manager,
      expect.objectContaining({
        actorId: null,
        action: 'consent.expire',
        detail: { name: 'Ada', username: 'ada', guardian: 'mum@example.org' },
      }),
    );
  });
});
