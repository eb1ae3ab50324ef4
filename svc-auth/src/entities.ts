import { DistrictClaimToken } from './district-sign-in/district-claim-token.entity';
import { DistrictIdentity } from './district-sign-in/district-identity.entity';
import { DirectoryVersion } from './directory/directory-version.entity';
import { PrivacySettingsEntity } from './privacy/privacy-settings.entity';
import { PasswordResetToken } from './password-reset/password-reset-token.entity';
import { HourCredit } from './users/hour-credit.entity';
import { User } from './users/user.entity';
import { JoinCode } from './join-codes/join-code.entity';
import { RosterPerson } from './rosters/roster-person.entity';

export const AUTH_ENTITIES = [
  User,
  PasswordResetToken,
  HourCredit,
  DirectoryVersion,
  PrivacySettingsEntity,
  DistrictIdentity,
  JoinCode,
  RosterPerson,
  DistrictClaimToken,
];
