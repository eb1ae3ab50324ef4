import { BadRequestException, ForbiddenException } from '@nestjs/common';
import { describe, expect, it, jest } from '@jest/globals';
import { REGISTRATION_MESSAGES, type RegisterBody } from '@district/contracts';
import type { JoinCodesService } from '../join-codes/join-codes.service';
import type { PrivacySettingsRepository } from '../privacy/privacy-settings.repository';
import type { RosterPerson } from '../rosters/roster-person.entity';
import type { RostersRepository } from '../rosters/rosters.repository';
import { RegistrationPolicyService } from './registration-policy.service';

const manager = {} as never;
const body: RegisterBody = {
  username: 'ada',
  password: 'long enough',
  name: 'Ada',
  email: 'Ada@Example.org',
  school: 'Jesuit High School',
  grade: 9,
  serviceHours: 0,
};
const person = (fields: Partial<RosterPerson> = {}): RosterPerson =>
  ({
    sourcedId: 's-1',
    role: 'student',
    email: 'ada@example.org',
    givenName: 'Ada',
    familyName: 'Lovelace',
    school: 'Riverdale High School',
    grade: 11,
    active: true,
    userId: null,
    ...fields,
  }) as RosterPerson;

function setup(
  options: {
    codeSchool?: string | null;
    person?: RosterPerson | null;
    policy?: 'open' | 'roster' | 'joinCode' | 'districtSignIn';
  } = {},
) {
  const joinCodes = {
    takeUse: jest.fn(async (_m: unknown, _code: string) => options.codeSchool ?? null),
  };
  const rosters = {
    findActiveByEmail: jest.fn(async (_m: unknown, _email: string) => options.person ?? null),
    linkAccount: jest.fn(async (..._args: unknown[]) => undefined),
  };
  const settings = {
    read: jest.fn(async (_m?: unknown) => ({
      directoryVisibleByDefault: true,
      consentMode: 'school' as const,
      registrationPolicy: options.policy ?? 'open',
    })),
  };
  const sut = new RegistrationPolicyService(
    joinCodes as unknown as JoinCodesService,
    rosters as unknown as RostersRepository,
    settings as unknown as PrivacySettingsRepository,
  );
  return { sut, joinCodes, rosters };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = (await promise.catch((e: unknown) => e)) as ForbiddenException;
  return { status: error.getStatus(), message: error.message };
}

describe(RegistrationPolicyService.name, () => {
  describe('admitRegistration', () => {
    it("open: the form's school and grade, as the spec always had them", async () => {
      const { sut } = setup();
      expect(await sut.admitRegistration(manager, 'open', body)).toEqual({
        school: 'Jesuit High School',
        grade: 9,
        rosterSourcedId: null,
      });
    });

    it('open: a missing school or grade is a 400 naming the field; a join code is not asked', async () => {
      const { sut } = setup();
      for (const [field, input] of [
        ['school', { ...body, school: undefined }],
        ['grade', { ...body, grade: undefined }],
        ['joinCode', { ...body, joinCode: 'ABCD' }],
      ] as const) {
        const error = await sut.admitRegistration(manager, 'open', input).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(BadRequestException);
        expect(JSON.stringify((error as BadRequestException).getResponse())).toContain(
          `"path":"${field}"`,
        );
      }
    });

    it('districtSignIn: 403 saying to sign in with the district account', async () => {
      const { sut } = setup();
      expect(await refusal(sut.admitRegistration(manager, 'districtSignIn', body))).toEqual({
        status: 403,
        message: REGISTRATION_MESSAGES.districtSignInOnly,
      });
    });

    it("joinCode: the code's school replaces the form's; no code or a spent one is a 403", async () => {
      const { sut, joinCodes } = setup({ codeSchool: 'Riverdale High School' });
      expect(
        await sut.admitRegistration(manager, 'joinCode', { ...body, joinCode: 'abcd-efgh' }),
      ).toEqual({ school: 'Riverdale High School', grade: 9, rosterSourcedId: null });
      expect(joinCodes.takeUse).toHaveBeenCalledWith(manager, 'abcd-efgh');
      expect(await refusal(sut.admitRegistration(manager, 'joinCode', body))).toEqual({
        status: 403,
        message: REGISTRATION_MESSAGES.joinCodeRequired,
      });
      joinCodes.takeUse.mockResolvedValueOnce(null);
      expect(
        await refusal(sut.admitRegistration(manager, 'joinCode', { ...body, joinCode: 'used' })),
      ).toEqual({ status: 403, message: REGISTRATION_MESSAGES.joinCodeInvalid });
    });

    it("roster: the roster's school and grade for a student it holds the e-mail of", async () => {
      const { sut, rosters } = setup({ person: person() });
      expect(await sut.admitRegistration(manager, 'roster', body)).toEqual({
        school: 'Riverdale High School',
        grade: 11,
        rosterSourcedId: 's-1',
      });
      expect(rosters.findActiveByEmail).toHaveBeenCalledWith(manager, 'Ada@Example.org');
    });

    it('roster: 403 for an address not on it, for staff, and for a student who already joined', async () => {
      for (const [found, message] of [
        [null, REGISTRATION_MESSAGES.rosterOnly],
        [person({ role: 'teacher', grade: null }), REGISTRATION_MESSAGES.rosterOnly],
        [person({ userId: 4 }), REGISTRATION_MESSAGES.rosterAlreadyRegistered],
      ] as const) {
        const { sut } = setup({ person: found });
        expect(await refusal(sut.admitRegistration(manager, 'roster', body))).toEqual({
          status: 403,
          message,
        });
      }
    });

    it('links the roster person to the new account, and nothing else', async () => {
      const { sut, rosters } = setup();
      await sut.recordAdmission(manager, { rosterSourcedId: 's-1' }, 12);
      expect(rosters.linkAccount).toHaveBeenCalledWith(manager, 's-1', 12);
      rosters.linkAccount.mockClear();
      await sut.recordAdmission(manager, { rosterSourcedId: null }, 12);
      expect(rosters.linkAccount).not.toHaveBeenCalled();
    });
  });

  describe('admitDistrictAccount', () => {
    const claims = { school: 'West Jeff', grade: 10 };

    it('roster: admits only an active roster person, with the roster’s school and grade', async () => {
      expect(
        await setup({ person: person(), policy: 'roster' }).sut.admitDistrictAccount(
          manager,
          'ada@example.org',
          claims,
        ),
      ).toEqual({
        allowed: true,
        school: 'Riverdale High School',
        grade: 11,
        rosterSourcedId: 's-1',
      });
      expect(
        await setup({ policy: 'roster' }).sut.admitDistrictAccount(
          manager,
          'ghost@example.org',
          claims,
        ),
      ).toEqual({ allowed: false, message: REGISTRATION_MESSAGES.rosterOnly });
    });

    it('every other policy: admitted with the claims’ school (registry name) and grade', async () => {
      for (const policy of ['open', 'joinCode', 'districtSignIn'] as const)
        expect(
          await setup({ policy }).sut.admitDistrictAccount(manager, 'ada@example.org', claims),
        ).toEqual({
          allowed: true,
          school: 'West Jefferson High School',
          grade: 10,
          rosterSourcedId: null,
        });
      expect(
        await setup().sut.admitDistrictAccount(manager, 'a@example.org', {
          school: 'Nowhere',
        }),
      ).toMatchObject({ allowed: true, school: null, grade: null });
    });
  });
});
