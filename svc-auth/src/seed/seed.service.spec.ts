import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger, OutboxService } from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import type { PasswordHasher } from '../users/password-hasher.service';
import type { UserView } from '../users/user-view';
import type { NewUser, UsersRepository } from '../users/users.repository';
import { SeedService } from './seed.service';

const admin = {
  username: 'Root.Admin',
  password: 'long admin password',
  email: undefined,
  name: 'District Admin',
  isAdmin: true,
  isSupervisor: false,
};

function setup(counts: number[]) {
  const manager = {} as EntityManager;
  const dataSource = {
    transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
  };
  const users = {
    count: jest.fn(async () => counts.shift() ?? 0),
    lockSeeding: jest.fn(async (_m: EntityManager) => undefined),
    insert: jest.fn(
      async (_m: EntityManager, user: NewUser) => ({ id: 1, ...user }) as unknown as UserView,
    ),
  };
  const hasher = { hash: jest.fn(async () => '$argon2id$hash') };
  const outbox: jest.Mocked<Pick<OutboxService, 'add'>> = { add: jest.fn(async () => 'event-id') };
  const sut = new SeedService(
    dataSource as unknown as DataSource,
    users as unknown as UsersRepository,
    hasher as unknown as PasswordHasher,
    outbox as unknown as OutboxService,
    {} as AuthConfig,
    { info: jest.fn() } as unknown as Logger,
  );
  return { sut, users, outbox, manager };
}

describe(SeedService.name, () => {
  it('creates the staff accounts of an empty installation, each with its user.registered', async () => {
    const { sut, users, outbox, manager } = setup([0, 0]);
    expect(await sut.seed([admin])).toEqual(['Root.Admin']);
    expect(users.lockSeeding).toHaveBeenCalledWith(manager);
    expect(users.insert).toHaveBeenCalledWith(
      manager,
      expect.objectContaining({
        passwordHash: '$argon2id$hash',
        isAdmin: true,
        // No address given: a placeholder that can never receive mail.
        email: 'root.admin@district.invalid',
      }),
    );
    expect(outbox.add).toHaveBeenCalledWith(
      manager,
      'user.registered',
      expect.objectContaining({ isAdmin: true }),
    );
  });

  it('does nothing once any user exists, even when another replica seeded first', async () => {
    const existing = setup([3]);
    expect(await existing.sut.seed([admin])).toEqual([]);
    expect(existing.users.insert).not.toHaveBeenCalled();
    const raced = setup([0, 1]);
    expect(await raced.sut.seed([admin])).toEqual([]);
    expect(raced.users.insert).not.toHaveBeenCalled();
  });
});
