import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { AuditService, OutboxService } from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import type { JoinCodesService } from '../join-codes/join-codes.service';
import type { PrivacySettingsRepository } from '../privacy/privacy-settings.repository';
import { RegistrationPolicyService } from '../registration-policy/registration-policy.service';
import type { RostersRepository } from '../rosters/rosters.repository';
import type { PasswordHasher } from '../users/password-hasher.service';
import type { UserView } from '../users/user-view';
import type { UsersRepository } from '../users/users.repository';
import type {
  AccountByEmail,
  DistrictIdentitiesRepository,
} from './district-identities.repository';
import { DistrictSignInService, type DistrictClaims } from './district-sign-in.service';

const ISSUER = 'https://accounts.district.test';
const claims = (overrides: Partial<DistrictClaims> = {}): DistrictClaims => ({
  issuer: ISSUER,
  subject: 'sub-1',
  email: 'ada.student@students.district.test',
  emailVerified: true,
  name: 'Ada Student',
  school: 'Kenner Discovery',
  grade: 7,
  ...overrides,
});

const created: UserView = {
  id: 42,
  username: 'ada.student',
  name: 'Ada Student',
  email: 'ada.student@students.district.test',
  school: 'Kenner Discovery Health Sciences Academy',
  grade: 7,
  avatarUrl: null,
  serviceHours: 0,
  isAdmin: false,
  isSupervisor: false,
  directoryVisible: true,
  restricted: false,
  language: 'es',
};

function setup(
  options: {
    linkedUserId?: number | null;
    accounts?: AccountByEmail[];
    consentMode?: 'school' | 'guardian';
    registrationPolicy?: 'open' | 'roster' | 'joinCode' | 'districtSignIn';
    rosterPerson?: { sourcedId: string; school: string; grade: number; userId: number | null };
    passwordMatches?: boolean;
    hostedDomain?: string;
  } = {},
) {
  const identities = {
    findUserId: jest.fn(async (..._args: unknown[]) => options.linkedUserId ?? null),
    findAccountsByEmail: jest.fn(async () => options.accounts ?? []),
    link: jest.fn(async (..._args: unknown[]) => undefined),
    freeUsername: jest.fn(async (_m: unknown, candidates: string[]) => candidates[0]),
  };
  const users = {
    insert: jest.fn(async (..._args: unknown[]) => created),
    findCredentialsById: jest.fn(async (id: number) => ({ id, passwordHash: '$argon2id$x' })),
    findView: jest.fn(async () => created),
  };
  const hasher = { verify: jest.fn(async () => options.passwordMatches ?? false) };
  const outbox = { add: jest.fn(async (..._args: unknown[]) => 'event-id') };
  const audit = { record: jest.fn(async (..._args: unknown[]) => 'audit-id') };
  const privacySettings = {
    read: jest.fn(async () => ({
      directoryVisibleByDefault: true,
      consentMode: options.consentMode ?? 'school',
      registrationPolicy: options.registrationPolicy ?? 'open',
    })),
  };
  const rosters = {
    findActiveByEmail: jest.fn(async () => options.rosterPerson ?? null),
    linkAccount: jest.fn(async (..._args: unknown[]) => undefined),
  };
  // The real policy (the collaborator's own rules), on mocked repositories.
  const registrationPolicy = new RegistrationPolicyService(
    {} as JoinCodesService,
    rosters as unknown as RostersRepository,
    privacySettings as unknown as PrivacySettingsRepository,
  );
  const dataSource = { transaction: jest.fn(async (fn: (m: unknown) => unknown) => fn({})) };
  const config = {
    DISTRICT_OIDC_ISSUER: ISSUER,
    DISTRICT_OIDC_CLIENT_ID: 'platform',
    DISTRICT_OIDC_CLIENT_SECRET: 'secret',
    DISTRICT_OIDC_ALLOWED_DOMAINS: ['students.district.test', 'district.test'],
    DISTRICT_OIDC_ACCOUNT_NAME: 'district account',
    DISTRICT_OIDC_HELP_CONTACT: 'the office',
    DISTRICT_OIDC_HOSTED_DOMAIN: options.hostedDomain,
  } as unknown as AuthConfig;
  const sut = new DistrictSignInService(
    dataSource as unknown as DataSource,
    identities as unknown as DistrictIdentitiesRepository,
    users as unknown as UsersRepository,
    hasher as unknown as PasswordHasher,
    outbox as unknown as OutboxService,
    audit as unknown as AuditService,
    privacySettings as unknown as PrivacySettingsRepository,
    registrationPolicy,
    config,
  );
  return { sut, identities, users, hasher, outbox, audit, rosters };
}

describe(DistrictSignInService.name, () => {
  it('signs a person already linked into their account, whatever their address says now', async () => {
    const { sut, identities, users } = setup({ linkedUserId: 9 });
    expect(await sut.signIn(claims({ email: 'renamed@district.test' }), 'en')).toEqual({
      kind: 'signed-in',
      userId: 9,
    });
    expect(identities.findUserId).toHaveBeenCalledWith(ISSUER, 'sub-1');
    expect(users.insert).not.toHaveBeenCalled();
  });

  it('links the account without a password that has the verified address, and audits it', async () => {
    const { sut, identities, audit } = setup({
      accounts: [
        { id: 5, username: 'ada', email: 'ada.student@students.district.test', hasPassword: false },
      ],
    });
    expect(await sut.signIn(claims(), 'en')).toEqual({ kind: 'signed-in', userId: 5 });
    expect(identities.link).toHaveBeenCalledWith({}, 5, ISSUER, 'sub-1');
    expect(audit.record).toHaveBeenCalledWith(
      {},
      expect.objectContaining({ action: 'user.district-link', target: { type: 'user', id: 5 } }),
    );
  });

  it('asks for the password of a password account before linking it', async () => {
    const { sut, identities } = setup({
      accounts: [
        {
          id: 6,
          username: 'grace',
          email: 'ada.student@students.district.test',
          hasPassword: true,
        },
      ],
    });
    expect(await sut.signIn(claims(), 'en')).toEqual({
      kind: 'confirm-password',
      link: { userId: 6, issuer: ISSUER, subject: 'sub-1' },
    });
    expect(identities.link).not.toHaveBeenCalled();
  });

  it('links after the right password only', async () => {
    const pending = { userId: 6, issuer: ISSUER, subject: 'sub-1' };
    const wrong = setup({ passwordMatches: false });
    expect(await wrong.sut.linkWithPassword(pending, 'nope')).toBeNull();
    expect(wrong.identities.link).not.toHaveBeenCalled();
    const right = setup({ passwordMatches: true });
    expect(await right.sut.linkWithPassword(pending, 'yes')).toEqual(created);
    expect(right.identities.link).toHaveBeenCalledWith({}, 6, ISSUER, 'sub-1');
  });

  it('makes a student account for an unknown person from the claims, school by the registry', async () => {
    const { sut, users, outbox, identities } = setup();
    expect(await sut.signIn(claims(), 'es')).toEqual({ kind: 'signed-in', userId: 42 });
    expect(users.insert).toHaveBeenCalledWith(
      {},
      expect.objectContaining({
        username: 'ada.student',
        passwordHash: null,
        school: 'Kenner Discovery Health Sciences Academy',
        grade: 7,
        language: 'es',
      }),
    );
    expect(identities.link).toHaveBeenCalledWith({}, 42, ISSUER, 'sub-1');
    expect(outbox.add).toHaveBeenCalledWith(
      {},
      'user.registered',
      expect.objectContaining({ id: 42 }),
    );
  });

  it.each([
    ['an unverified address', claims({ emailVerified: false }), 'email-unverified'],
    ['no address', claims({ email: undefined }), 'email-unverified'],
    ['an address outside the domains', claims({ email: 'ada@gmail.com' }), 'domain-not-allowed'],
    [
      'a look-alike domain',
      claims({ email: 'ada@evil-students.district.test' }),
      'domain-not-allowed',
    ],
    ['a school the registry does not know', claims({ school: 'Hogwarts' }), 'not-rostered'],
    ['a grade outside 6–12', claims({ grade: 3 }), 'not-rostered'],
  ])('refuses %s and makes no account', async (_case, input, reason) => {
    const { sut, users } = setup();
    expect(await sut.signIn(input, 'en')).toEqual({ kind: 'refused', reason });
    expect(users.insert).not.toHaveBeenCalled();
  });

  it('makes no account where the policy forbids it (guardian consent mode)', async () => {
    const { sut, users } = setup({ consentMode: 'guardian' });
    expect(await sut.signIn(claims(), 'en')).toEqual({ kind: 'refused', reason: 'not-rostered' });
    expect(users.insert).not.toHaveBeenCalled();
  });

  it('under the roster policy refuses a person the roster does not have, and makes no account', async () => {
    const { sut, users } = setup({ registrationPolicy: 'roster' });
    expect(await sut.signIn(claims(), 'en')).toEqual({ kind: 'refused', reason: 'not-rostered' });
    expect(users.insert).not.toHaveBeenCalled();
  });

  it('under the roster policy takes school and grade from the roster and claims the roster person', async () => {
    const { sut, users, rosters } = setup({
      registrationPolicy: 'roster',
      rosterPerson: { sourcedId: 'stu-7', school: 'Chalmette High School', grade: 9, userId: null },
    });
    expect(await sut.signIn(claims(), 'en')).toEqual({ kind: 'signed-in', userId: 42 });
    expect(users.insert).toHaveBeenCalledWith(
      {},
      expect.objectContaining({ school: 'Chalmette High School', grade: 9 }),
    );
    expect(rosters.linkAccount).toHaveBeenCalledWith({}, 'stu-7', 42);
  });

  it('requires Google Workspace’s hosted domain when one is configured', async () => {
    const { sut } = setup({ hostedDomain: 'district.test' });
    expect(await sut.signIn(claims(), 'en')).toEqual({
      kind: 'refused',
      reason: 'domain-not-allowed',
    });
    expect(await sut.signIn(claims({ hostedDomain: 'district.test' }), 'en')).toMatchObject({
      kind: 'signed-in',
    });
  });
});
