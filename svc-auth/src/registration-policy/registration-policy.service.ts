import { ForbiddenException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  CONSENT_MESSAGES,
  matchSchool,
  REGISTRATION_MESSAGES,
  VALIDATION,
  type RegisterBody,
  type RegistrationPolicy,
} from '@district/contracts';
import { fieldError } from '@district/service-kit';
import { JoinCodesService } from '../join-codes/join-codes.service';
import { PrivacySettingsRepository } from '../privacy/privacy-settings.repository';
import { RostersRepository } from '../rosters/rosters.repository';

// Where a new account's school and grade come from under the district's policy, and the roster
// person it activates (linked once the account exists).
export interface Admission {
  school: string;
  grade: number;
  rosterSourcedId: string | null;
}

// What an identity provider says about a person signing in with their district account.
export interface DistrictClaims {
  school?: string | null;
  grade?: number | null;
}

export type DistrictAdmission =
  | { allowed: true; school: string | null; grade: number | null; rosterSourcedId: string | null }
  | { allowed: false; message: string };

// Issue 31 "Who may join". Every method runs inside the caller's account-creating transaction:
// a join code's use and a roster person's claim commit or roll back with the account.
@Injectable()
export class RegistrationPolicyService {
  constructor(
    private readonly joinCodes: JoinCodesService,
    private readonly rosters: RostersRepository,
    private readonly settings: PrivacySettingsRepository,
  ) {}

  // POST /api/register: 403 with a message saying how to get in when the policy refuses; nothing
  // is written then (the caller's transaction rolls back).
  async admitRegistration(
    manager: EntityManager,
    policy: RegistrationPolicy,
    input: RegisterBody,
  ): Promise<Admission> {
    if (policy === 'districtSignIn')
      throw new ForbiddenException(REGISTRATION_MESSAGES.districtSignInOnly);
    if (policy !== 'joinCode' && input.joinCode !== undefined)
      throw fieldError('joinCode', CONSENT_MESSAGES.notAskedInSchoolMode);

    if (policy === 'roster') {
      const person = await this.rosters.findActiveByEmail(manager, input.email);
      // Password registration is for the roster's students; staff come in by district sign-in.
      if (!person || person.role !== 'student' || person.grade === null)
        throw new ForbiddenException(REGISTRATION_MESSAGES.rosterOnly);
      if (person.userId !== null)
        throw new ForbiddenException(REGISTRATION_MESSAGES.rosterAlreadyRegistered);
      return { school: person.school, grade: person.grade, rosterSourcedId: person.sourcedId };
    }

    if (policy === 'joinCode') {
      if (input.joinCode === undefined)
        throw new ForbiddenException(REGISTRATION_MESSAGES.joinCodeRequired);
      const grade = requiredGrade(input);
      const school = await this.joinCodes.takeUse(manager, input.joinCode);
      if (school === null) throw new ForbiddenException(REGISTRATION_MESSAGES.joinCodeInvalid);
      return { school, grade, rosterSourcedId: null };
    }

    // open: the spec's registration, as it always was.
    if (input.school === undefined) throw fieldError('school', VALIDATION.invalidSchool);
    return { school: input.school, grade: requiredGrade(input), rosterSourcedId: null };
  }

  // For district sign-in (OpenID Connect) of someone without an account yet: whether they may
  // have one, with the school and grade it starts with. Roster policy: only an active roster
  // person, school and grade from the roster. Every other policy admits them with what the
  // district's identity provider says: a district account is itself proof of belonging to the
  // district, which is what a join code stands in for on the password form (and districtSignIn
  // exists to send students this way). Call it in the transaction that creates the account, then
  // recordAdmission(manager, admission, userId) in the same transaction.
  async admitDistrictAccount(
    manager: EntityManager,
    email: string,
    claims: DistrictClaims,
  ): Promise<DistrictAdmission> {
    const { registrationPolicy } = await this.settings.read(manager);
    if (registrationPolicy === 'roster') {
      const person = await this.rosters.findActiveByEmail(manager, email);
      if (!person) return { allowed: false, message: REGISTRATION_MESSAGES.rosterOnly };
      if (person.userId !== null)
        return { allowed: false, message: REGISTRATION_MESSAGES.rosterAlreadyRegistered };
      return {
        allowed: true,
        school: person.school,
        grade: person.grade,
        rosterSourcedId: person.sourcedId,
      };
    }
    return {
      allowed: true,
      school: matchSchool(claims.school)?.name ?? null,
      grade: Number.isInteger(claims.grade) ? (claims.grade as number) : null,
      rosterSourcedId: null,
    };
  }

  // Once the account exists (same transaction): the roster person is theirs.
  async recordAdmission(
    manager: EntityManager,
    admission: { rosterSourcedId: string | null },
    userId: number,
  ): Promise<void> {
    if (admission.rosterSourcedId !== null)
      await this.rosters.linkAccount(manager, admission.rosterSourcedId, userId);
  }
}

function requiredGrade(input: RegisterBody): number {
  if (input.grade === undefined) throw fieldError('grade', VALIDATION.required);
  return input.grade;
}
