import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  API_MESSAGES,
  ageOn,
  CONSENT_MESSAGES,
  CONSENT_MIN_AGE,
  type Language,
  type RegisterBody,
  type RegisterOptions,
} from '@district/contracts';
import { GuardianConsentService } from '../guardian-consent/guardian-consent.service';
import { fieldError, OutboxService, withTransaction, type Identity } from '@district/service-kit';
import { PrivacySettingsRepository } from '../privacy/privacy-settings.repository';
import { RegistrationPolicyService } from '../registration-policy/registration-policy.service';
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
    private readonly guardianConsent: GuardianConsentService,
    private readonly registrationPolicy: RegistrationPolicyService,
  ) {}

  // The signed-in user's own view (GET /api/user); null once the account is gone.
  currentUser(userId: number): Promise<UserView | null> {
    return this.users.findView(userId);
  }

  // The account's id and roles read fresh (the gateway's verify call); null once it is gone.
  identityOf(userId: number): Promise<Identity | null> {
    return this.users.findIdentity(userId);
  }

  async registerOptions(): Promise<RegisterOptions> {
    const { consentMode, registrationPolicy } = await this.privacySettings.read();
    return { consentMode, registrationPolicy };
  }

  // Roles are never taken from the body (contracts refuses true; false means nothing).
  async register(input: RegisterBody, language: Language = 'en'): Promise<UserView> {
    const passwordHash = await this.hasher.hash(input.password);
    let user: UserView;
    try {
      user = await withTransaction(this.dataSource, async (manager) => {
        // Issue 20: a new account starts as the district's policy says.
        const { directoryVisibleByDefault, consentMode, registrationPolicy } =
          await this.privacySettings.read(manager);
        // Issue 31: who may join, and where school and grade come from (403 and nothing written
        // when the policy refuses).
        const admission = await this.registrationPolicy.admitRegistration(
          manager,
          registrationPolicy,
          input,
        );
        const consent = this.consentAtRegistration(input, consentMode);
        const user = await this.users.insert(manager, {
          username: input.username,
          passwordHash,
          name: input.name,
          email: input.email,
          school: admission.school,
          grade: admission.grade,
          serviceHours: input.serviceHours,
          avatarUrl: input.avatarUrl ?? null,
          // Peers never see a student waiting for a guardian's consent.
          directoryVisible: consent.pending ? false : directoryVisibleByDefault,
          dateOfBirth: consent.dateOfBirth,
          guardianEmail: consent.guardianEmail,
          consentStatus: consent.pending ? 'pending' : null,
          language,
        });
        await this.registrationPolicy.recordAdmission(manager, admission, user.id);
        if (consent.pending) await this.guardianConsent.countFirstMail(manager, user.id);
        await this.outbox.add(manager, 'user.registered', toUserEventPayload(user, true));
        return user;
      });
    } catch (error) {
      // The unique index on lower(username) decides, so two racing registrations cannot both win.
      if (this.users.isUsernameTaken(error))
        throw fieldError('username', API_MESSAGES.usernameTaken);
      throw error;
    }
    // After commit: the worker makes the link. If queueing fails the account stays pending and
    // an admin can resend from the pending list.
    if (user.restricted) await this.guardianConsent.requestMail(user.id);
    return user;
  }

  // School mode: the spec's body exactly. Guardian mode: a date of birth, and a guardian's
  // address under 13.
  private consentAtRegistration(
    input: RegisterBody,
    mode: RegisterOptions['consentMode'],
  ): { pending: boolean; dateOfBirth: string | null; guardianEmail: string | null } {
    if (mode !== 'guardian') {
      for (const field of ['dateOfBirth', 'guardianEmail'] as const)
        if (input[field] !== undefined)
          throw fieldError(field, CONSENT_MESSAGES.notAskedInSchoolMode);
      return { pending: false, dateOfBirth: null, guardianEmail: null };
    }
    if (input.dateOfBirth === undefined)
      throw fieldError('dateOfBirth', CONSENT_MESSAGES.dateOfBirthRequired);
    const underAge = ageOn(input.dateOfBirth) < CONSENT_MIN_AGE;
    if (underAge && input.guardianEmail === undefined)
      throw fieldError('guardianEmail', CONSENT_MESSAGES.guardianEmailRequired);
    return {
      pending: underAge,
      dateOfBirth: input.dateOfBirth,
      guardianEmail: underAge ? (input.guardianEmail ?? null) : null,
    };
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
