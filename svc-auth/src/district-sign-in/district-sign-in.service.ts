import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { gradeSchema, TEXT_LIMITS, type DistrictRefusal, type Language } from '@district/contracts';
import {
  AuditService,
  OutboxService,
  SERVICE_CONFIG,
  withTransaction,
} from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import { PrivacySettingsRepository } from '../privacy/privacy-settings.repository';
import { RegistrationPolicyService } from '../registration-policy/registration-policy.service';
import { PasswordHasher } from '../users/password-hasher.service';
import { toUserEventPayload, type UserView } from '../users/user-view';
import { UsersRepository } from '../users/users.repository';
import { DistrictIdentitiesRepository } from './district-identities.repository';
import { districtProviderSettings } from './district-sign-in.config';
import type { PendingLink } from './pending-sign-ins';

// What svc-auth takes from the provider's verified ID token.
export interface DistrictClaims {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  school?: string;
  grade?: unknown;
  // Google Workspace's hosted domain.
  hostedDomain?: string;
}

export type DistrictOutcome =
  | { kind: 'signed-in'; userId: number }
  | { kind: 'confirm-password'; link: PendingLink }
  | { kind: 'refused'; reason: DistrictRefusal };

const refused = (reason: DistrictRefusal): DistrictOutcome => ({ kind: 'refused', reason });

// Issue 31, the account rules of "Sign in with the district's account": who gets in, which
// account they get, and when an account is made.
@Injectable()
export class DistrictSignInService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly identities: DistrictIdentitiesRepository,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly privacySettings: PrivacySettingsRepository,
    private readonly registrationPolicy: RegistrationPolicyService,
    @Inject(SERVICE_CONFIG) config: AuthConfig,
  ) {
    const settings = districtProviderSettings(config);
    this.allowedDomains = settings?.allowedDomains ?? [];
    this.hostedDomain = settings?.hostedDomain;
  }

  private readonly allowedDomains: string[];
  private readonly hostedDomain: string | undefined;

  async signIn(claims: DistrictClaims, language: Language): Promise<DistrictOutcome> {
    // Only an address the provider itself verified, in the district's domains.
    if (!claims.email || claims.emailVerified !== true) return refused('email-unverified');
    if (!this.admitsDomain(claims)) return refused('domain-not-allowed');

    // Known person (linked before): their account, whatever the address says today.
    const linked = await this.identities.findUserId(claims.issuer, claims.subject);
    if (linked !== null) return { kind: 'signed-in', userId: linked };

    const accounts = await this.identities.findAccountsByEmail(claims.email);
    // An account without a password (rostered, or made by district sign-in): this is its owner.
    const passwordless = accounts.find((account) => !account.hasPassword);
    if (passwordless) {
      await this.link(passwordless.id, claims);
      return { kind: 'signed-in', userId: passwordless.id };
    }
    // A password account: its owner proves it is theirs before the provider may open it.
    const withPassword = accounts[0];
    if (withPassword)
      return {
        kind: 'confirm-password',
        link: { userId: withPassword.id, issuer: claims.issuer, subject: claims.subject },
      };

    if (!(await this.mayCreateAccount(claims))) return refused('not-rostered');
    const created = await this.createStudentFromDistrictClaims(claims, language);
    return created ? { kind: 'signed-in', userId: created.id } : refused('not-rostered');
  }

  // The owner of a password account confirms it; then both ways of signing in work. null: wrong
  // password (or the account is gone).
  async linkWithPassword(pending: PendingLink, password: string): Promise<UserView | null> {
    const credentials = await this.users.findCredentialsById(pending.userId);
    if (!(await this.hasher.verify(credentials?.passwordHash ?? null, password))) return null;
    await this.link(pending.userId, pending);
    return this.users.findView(pending.userId);
  }

  async usernameOf(userId: number): Promise<{ username: string; email: string } | null> {
    const user = await this.users.findView(userId);
    return user ? { username: user.username, email: user.email } : null;
  }

  private admitsDomain(claims: DistrictClaims): boolean {
    const domain = claims.email?.split('@').pop()?.toLowerCase() ?? '';
    if (!this.allowedDomains.includes(domain)) return false;
    return !this.hostedDomain || claims.hostedDomain === this.hostedDomain;
  }

  private async link(userId: number, identity: { issuer: string; subject: string }): Promise<void> {
    await withTransaction(this.dataSource, async (manager) => {
      await this.identities.link(manager, userId, identity.issuer, identity.subject);
      await this.audit.record(manager, {
        actorId: userId,
        action: 'user.district-link',
        target: { type: 'user', id: userId },
        outcome: 'success',
        detail: { issuer: identity.issuer },
      });
    });
  }

  // Guardian consent mode: a guardian must consent before an account exists, and the provider
  // does not say who that is.
  private async mayCreateAccount(_claims: DistrictClaims): Promise<boolean> {
    const { consentMode } = await this.privacySettings.read();
    return consentMode !== 'guardian';
  }

  // A student account for a person no account knows, when the district's registration policy
  // admits them (roster policy: only an active roster person, school and grade from the roster;
  // otherwise the provider's claims, the school matched with the contracts' registry); no platform
  // password. null when the policy refuses them or the claims name no school and grade we know.
  private async createStudentFromDistrictClaims(
    claims: DistrictClaims,
    language: Language,
  ): Promise<UserView | null> {
    const email = claims.email as string;
    const name = (claims.name?.trim() || email.split('@')[0]).slice(0, TEXT_LIMITS.name);
    return withTransaction(this.dataSource, async (manager) => {
      const admission = await this.registrationPolicy.admitDistrictAccount(manager, email, {
        school: claims.school,
        grade: gradeSchema.safeParse(claims.grade).data ?? null,
      });
      if (!admission.allowed || admission.school === null || admission.grade === null) return null;
      const { school, grade } = admission;
      const username = await this.identities.freeUsername(manager, usernameCandidates(email));
      if (!username) return null;
      const { directoryVisibleByDefault } = await this.privacySettings.read(manager);
      const user = await this.users.insert(manager, {
        username,
        passwordHash: null,
        name,
        email,
        school,
        grade,
        serviceHours: 0,
        directoryVisible: directoryVisibleByDefault,
        language,
      });
      await this.identities.link(manager, user.id, claims.issuer, claims.subject);
      await this.registrationPolicy.recordAdmission(manager, admission, user.id);
      await this.outbox.add(manager, 'user.registered', toUserEventPayload(user, true));
      await this.audit.record(manager, {
        actorId: user.id,
        action: 'user.district-create',
        target: { type: 'user', id: user.id },
        outcome: 'success',
        detail: { issuer: claims.issuer },
      });
      return user;
    });
  }
}

// ada.student@… → ada.student, then ada.student2 … ada.student9.
function usernameCandidates(email: string): string[] {
  const base = email.split('@')[0].slice(0, TEXT_LIMITS.username - 1);
  return [base, ...Array.from({ length: 8 }, (_, i) => `${base}${i + 2}`)];
}
