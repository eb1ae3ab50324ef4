import { CreateAuthTables1763740800000 } from './1763740800000-create-auth-tables';
import { AuditLogSources1795600000000, CreateAuditLog1765000000000 } from '@district/service-kit';
import { DirectoryVersion1764547200000 } from './1764547200000-directory-version';
import { PrivacyChoices1795748717631 } from './1795748717631-privacy-choices';
import { RepublishUsers1796000000000 } from './1796000000000-republish-users';
import { GuardianConsent1797300000000 } from './1797300000000-guardian-consent';
import { UserLanguage1797400000000 } from './1797400000000-user-language';
import { DistrictSignIn1797500000000 } from './1797500000000-district-sign-in';
import { RegistrationPolicy1797600000000 } from './1797600000000-registration-policy';
import { RepublishInactiveUsers1797700000000 } from './1797700000000-republish-inactive-users';
import { DistrictClaimTokens1797700000100 } from './1797700000100-district-claim-tokens';

// Listed explicitly (not globbed) so the same list works from TypeScript source and from dist/.
export const AUTH_MIGRATIONS = [
  CreateAuthTables1763740800000,
  DirectoryVersion1764547200000,
  // The kit's append-only audit_log (issue 9).
  CreateAuditLog1765000000000,
  // …which becomes the merged trail of every service, fed by audit.recorded (issue 16).
  AuditLogSources1795600000000,
  // Issue 20: directory choice and the district's privacy policy.
  PrivacyChoices1795748717631,
  // The replicas' new grade, visibility and language columns (issues 19, 20, 22).
  RepublishUsers1796000000000,
  // Issue 20: guardian consent mode (date of birth, guardian's link, restricted accounts).
  GuardianConsent1797300000000,
  // Issue 22: each user's language.
  UserLanguage1797400000000,
  // Issue 31: district sign-in (linked identities, accounts without a platform password).
  DistrictSignIn1797500000000,
  // Issue 31: who may join (registration policy, join codes, the district roster).
  RegistrationPolicy1797600000000,
  // Issue 31: the replicas' new `active` column learns who a roster already deactivated.
  RepublishInactiveUsers1797700000000,
  // Issue 31: e-mailed links that let a mailbox's owner take over an account made with it.
  DistrictClaimTokens1797700000100,
];
