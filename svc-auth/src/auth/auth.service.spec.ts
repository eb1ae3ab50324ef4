import type { GuardianConsentService } from '../guardian-consent/guardian-consent.service';
import { BadRequestException, ForbiddenException } from '@nestjs/common';
import { describe, expect, it, jest } from '@jest/globals';
import { QueryFailedError, type DataSource } from 'typeorm';
import type { OutboxService } from '@district/service-kit';
import type { PasswordHasher } from '../users/password-hasher.service';
import type { UserView } from '../users/user-view';
import { UsersRepository } from '../users/users.repository';
import type { PrivacySettingsRepository } from '../privacy/privacy-settings.repository';
import type { RegistrationPolicyService } from '../registration-policy/registration-policy.service';
import { AuthService } from './auth.service';

const user: UserView = {
  id: 7,
  username: 'ada',
  name: 'Ada',
  email: 'ada@example.org',
  school: 'Jesuit High School',
  grade: 9,
  avatarUrl: null,
  serviceHours: 0,
  isAdmin: false,
  isSupervisor: false,
  directoryVisible: true,
  restricted: false,
  language: 'en',
};

function setup(
  overrides: {
    credentials?: { id: number; passwordHash: string } | null;
    verify?: boolean;
    insertError?: unknown;
    refusal?: Error;
  } = {},
) {
  const users = {
    findCredentials: jest.fn(async () => overrides.credentials ?? null),
    findView: jest.fn(async (): Promise<UserView | null> => user),
    findIdentity: jest.fn(async (_id: number) => ({ id: 7, isAdmin: false, isSupervisor: true })),
    insert: jest.fn(async (..._args: unknown[]) => {
      if (overrides.insertError) throw overrides.insertError;
      return user;
    }),
    isUsernameTaken: UsersRepository.prototype.isUsernameTaken,
  };
  const hasher = {
    hash: jest.fn(async () => '$argon2id$hash'),
    verify: jest.fn(async () => overrides.verify ?? false),
    burn: jest.fn(async (_password: string) => undefined),
  };
  const outbox = { add: jest.fn(async (..._event: unknown[]) => 'event-id') };
  const dataSource = { transaction: jest.fn(async (fn: (m: unknown) => unknown) => fn({})) };
  const privacySettings = {
    read: jest.fn(async () => ({
      directoryVisibleByDefault: true,
      registrationPolicy: 'joinCode',
    })),
  };
  // The policy decides the school and grade (here: as a join code for Riverdale would).
  const registrationPolicy = {
    admitRegistration: jest.fn(async (_manager: unknown, _policy: unknown, body: unknown) => {
      if (overrides.refusal) throw overrides.refusal;
      return {
        school: 'Riverdale High School',
        grade: (body as { grade: number }).grade,
        rosterSourcedId: null,
      };
    }),
    recordAdmission: jest.fn(async (..._args: unknown[]) => undefined),
  };
  const sut = new AuthService(
    dataSource as unknown as DataSource,
    users as unknown as UsersRepository,
    hasher as unknown as PasswordHasher,
    outbox as unknown as OutboxService,
    privacySettings as unknown as PrivacySettingsRepository,
    // Registration in the default (school-consent) mode never asks a guardian.
    {} as unknown as GuardianConsentService,
    registrationPolicy as unknown as RegistrationPolicyService,
  );
  return { sut, users, hasher, outbox, registrationPolicy };
}

const input = {
  username: 'ada',
  password: 'long enough',
  name: 'Ada',
  email: 'ada@example.org',
  school: 'Jesuit High School' as const,
  grade: 9,
  serviceHours: 0,
};

describe(AuthService.name, () => {
  it('answers the signed-in user, or null once the account is gone (the controller then 401s)', async () => {
    const { sut, users } = setup();
    expect(await sut.currentUser(7)).toEqual(user);
    users.findView.mockResolvedValueOnce(null);
    expect(await sut.currentUser(7)).toBeNull();
  });

  it("reads the account's roles fresh for the gateway", async () => {
    const { sut, users } = setup();
    expect(await sut.identityOf(7)).toEqual({ id: 7, isAdmin: false, isSupervisor: true });
    expect(users.findIdentity).toHaveBeenCalledWith(7);
  });

  it('spends the same argon2 work on an unknown username', async () => {
    const { sut, hasher } = setup({ credentials: null });
    expect(await sut.checkCredentials('ghost', 'pw')).toBeNull();
    expect(hasher.burn).toHaveBeenCalledWith('pw');
  });

  it('returns null for a wrong password and the user for the right one', async () => {
    expect(
      await setup({
        credentials: { id: 7, passwordHash: 'h' },
        verify: false,
      }).sut.checkCredentials('ada', 'x'),
    ).toBeNull();
    expect(
      await setup({ credentials: { id: 7, passwordHash: 'h' }, verify: true }).sut.checkCredentials(
        'ada',
        'x',
      ),
    ).toEqual(user);
  });

  it('writes user.registered in the registration transaction, without roles from the body', async () => {
    const { sut, users, outbox } = setup();
    await sut.register({ ...input, isAdmin: false, isSupervisor: false } as never);
    const inserted = (users.insert.mock.calls[0] as unknown[])[1] as Record<string, unknown>;
    expect(inserted.isAdmin).toBeUndefined();
    expect(inserted.isSupervisor).toBeUndefined();
    expect(inserted.passwordHash).toBe('$argon2id$hash');
    expect(outbox.add).toHaveBeenCalledWith(
      {},
      'user.registered',
      expect.objectContaining({ id: 7 }),
    );
  });

  it("asks the district's policy who may join and takes the school it gives, not the form's", async () => {
    const { sut, users, registrationPolicy } = setup();
    await sut.register(input as never);
    expect(registrationPolicy.admitRegistration).toHaveBeenCalledWith({}, 'joinCode', input);
    expect(users.insert).toHaveBeenCalledWith(
      {},
      expect.objectContaining({ school: 'Riverdale High School', grade: 9 }),
    );
    expect(registrationPolicy.recordAdmission).toHaveBeenCalledWith(
      {},
      expect.objectContaining({ rosterSourcedId: null }),
      7,
    );
  });

  it('creates nothing and sends no event when the policy refuses', async () => {
    const { sut, users, outbox } = setup({ refusal: new ForbiddenException('no') });
    await expect(sut.register(input as never)).rejects.toBeInstanceOf(ForbiddenException);
    expect(users.insert).not.toHaveBeenCalled();
    expect(outbox.add).not.toHaveBeenCalled();
  });

  it('turns the unique-index violation into the spec 400', async () => {
    const violation = new QueryFailedError(
      'INSERT',
      [],
      Object.assign(new Error('dup'), { code: '23505', constraint: 'users_username_lower_key' }),
    );
    const { sut } = setup({ insertError: violation });
    const error = await sut.register(input as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestException);
    expect((error as BadRequestException).getResponse()).toEqual({
      statusCode: 400,
      message: 'Username already exists',
      errors: [{ path: 'username', message: 'Username already exists' }],
    });
  });
});
