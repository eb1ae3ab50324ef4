import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { createDataSource, runMigrations, withTransaction } from '@district/service-kit';
import { createTestDatabase, type TestDatabase } from '@district/service-kit/testing';
import { DirectoryRepository } from '../src/directory/directory.repository';
import { AUTH_MIGRATIONS } from '../src/migrations';
import { PasswordResetToken } from '../src/password-reset/password-reset-token.entity';
import { PasswordResetRepository } from '../src/password-reset/password-reset.repository';
import { AUTH_ENTITIES } from '../src/entities';
import { User } from '../src/users/user.entity';
import { UsersRepository, type NewUser } from '../src/users/users.repository';

// The repositories against real PostgreSQL: what each statement reads, writes and answers.
let db: TestDatabase;
let ds: DataSource;
let users: UsersRepository;
let tokens: PasswordResetRepository;
let directory: DirectoryRepository;

const account = (username: string, extra: Partial<NewUser> = {}): NewUser => ({
  username,
  passwordHash: '$argon2id$stand-in',
  name: `Name ${username}`,
  email: `${username.toLowerCase()}@example.org`,
  school: 'Jesuit High School',
  grade: 10,
  serviceHours: 0,
  ...extra,
});

const insert = (user: NewUser) => withTransaction(ds, (m) => users.insert(m, user));

beforeAll(async () => {
  db = await createTestDatabase('auth_repos');
  ds = createDataSource({
    url: db.url,
    schema: 'auth',
    entities: AUTH_ENTITIES,
    migrations: AUTH_MIGRATIONS,
    poolSize: 4,
  });
  await ds.initialize();
  await runMigrations(ds);
  users = new UsersRepository(ds.getRepository(User), ds);
  tokens = new PasswordResetRepository(ds.getRepository(PasswordResetToken));
  directory = new DirectoryRepository(ds);
});

afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
  await db?.drop();
});

describe('UsersRepository', () => {
  it('inserts and answers the stored row (hours rounded as stored), found again by id', async () => {
    const view = await insert(account('Rita', { serviceHours: 2.46, avatarUrl: '/a.png' }));
    expect(view).toEqual({
      id: expect.any(Number),
      username: 'Rita',
      name: 'Name Rita',
      email: 'rita@example.org',
      school: 'Jesuit High School',
      grade: 10,
      avatarUrl: '/a.png',
      serviceHours: 2.5,
      isAdmin: false,
      isSupervisor: false,
      directoryVisible: true,
      restricted: false,
      language: 'en',
    });
    expect(await users.findView(view.id)).toEqual(view);
    expect(await users.findIdentity(view.id)).toEqual({
      id: view.id,
      isAdmin: false,
      isSupervisor: false,
      name: 'Name Rita',
      school: 'Jesuit High School',
    });
  });

  it('refuses a username taken in another case with the unique violation it recognises', async () => {
    await insert(account('Casey'));
    const error = await insert(account('cASEY')).catch((e: unknown) => e);
    expect(users.isUsernameTaken(error)).toBe(true);
  });

  it('finds credentials and roles by username whatever the case, and accounts by e-mail', async () => {
    const view = await insert(account('Dana', { email: 'Family@Example.org', isSupervisor: true }));
    const sibling = await insert(account('Dani', { email: 'family@example.org' }));
    expect(await users.findCredentials('dANA')).toEqual({
      id: view.id,
      passwordHash: '$argon2id$stand-in',
    });
    expect(await users.findCredentials('nobody')).toBeNull();
    expect(await users.findRolesByUsername('DANA')).toMatchObject({
      id: view.id,
      isAdmin: false,
      isSupervisor: true,
    });
    expect((await users.findByEmail('FAMILY@example.ORG')).map((a) => a.id)).toEqual([
      view.id,
      sibling.id,
    ]);
  });

  it('changes school, roles, avatar and password, and says when the user is gone', async () => {
    const { id } = await insert(account('Eve', { avatarUrl: '/old.webp' }));
    await withTransaction(ds, async (m) => {
      expect(await users.setSchool(m, id, 'Other')).toBe(true);
      expect(await users.setSchool(m, 999_999, 'Other')).toBe(false);
      await users.setRoles(m, id, { isAdmin: true, isSupervisor: true });
      expect(await users.setAvatarUrl(m, id, '/new.webp')).toEqual({ previous: '/old.webp' });
      expect(await users.setAvatarUrl(m, 999_999, '/x.webp')).toBeUndefined();
      await users.setPasswordHash(m, id, '$argon2id$changed');
      expect(await users.lockForChange(m, id)).toEqual({
        name: 'Name Eve',
        school: 'Other',
        isAdmin: true,
        isSupervisor: true,
      });
      expect(await users.lockAdminIds(m)).toContain(id);
    });
    expect(await users.findView(id)).toMatchObject({ school: 'Other', avatarUrl: '/new.webp' });
    expect((await users.findCredentials('eve'))?.passwordHash).toBe('$argon2id$changed');
  });

  it('credits approved hours once per log, drops credits of unknown users, and shows them', async () => {
    const { id } = await insert(account('Finn', { serviceHours: 1 }));
    const before = await directory.readVersion();
    await withTransaction(ds, async (m) => {
      await users.insertHourCredit(m, { logId: 1, userId: id, hours: 1.5 });
      await users.insertHourCredit(m, { logId: 1, userId: id, hours: 1.5 });
      await users.insertHourCredit(m, { logId: 2, userId: 999_999, hours: 3 });
    });
    expect((await users.findView(id))?.serviceHours).toBe(2.5);
    expect(await directory.readVersion()).toBeGreaterThan(before);
    const listed = await ds.transaction((m) => directory.listUsers(m));
    expect(listed.find((row) => row.id === id)?.service_hours).toBe(2.5);
  });

  it('deletes an account with its answer of what it was; nothing for an unknown id', async () => {
    const { id } = await insert(account('Gus', { avatarUrl: '/gus.webp' }));
    const count = await users.count();
    await withTransaction(ds, async (m) => {
      expect(await users.delete(m, id)).toEqual({
        avatarUrl: '/gus.webp',
        name: 'Name Gus',
        username: 'Gus',
      });
      expect(await users.delete(m, id)).toBeUndefined();
    });
    expect(await users.count()).toBe(count - 1);
    expect(await users.findView(id)).toBeNull();
  });
});

describe('PasswordResetRepository', () => {
  it('spends a live token once and every other token of the account with it', async () => {
    const { id } = await insert(account('Hal'));
    await tokens.insertToken(id, 'a'.repeat(64), 60_000);
    await tokens.insertToken(id, 'b'.repeat(64), 60_000);
    await tokens.insertToken(id, 'c'.repeat(64), -1);
    await withTransaction(ds, async (m) => {
      expect(await tokens.spendToken(m, 'c'.repeat(64))).toBeUndefined(); // expired
      expect(await tokens.spendToken(m, 'a'.repeat(64))).toBe(id);
      expect(await tokens.spendToken(m, 'a'.repeat(64))).toBeUndefined(); // spent
      await tokens.spendAllForUser(m, id);
      expect(await tokens.spendToken(m, 'b'.repeat(64))).toBeUndefined();
    });
    const expiry = await ds
      .getRepository(PasswordResetToken)
      .findOneByOrFail({ tokenHash: 'a'.repeat(64) });
    expect(expiry.expiresAt.getTime() - expiry.createdAt.getTime()).toBe(60_000);
  });
});
