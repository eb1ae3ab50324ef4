import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxService } from '@district/service-kit';
import { AuthModule } from '../auth/auth.module';
import { PrivacyModule } from '../privacy/privacy.module';
import { RegistrationPolicyModule } from '../registration-policy/registration-policy.module';
import { SessionsModule } from '../sessions/sessions.module';
import { User } from '../users/user.entity';
import { UsersModule } from '../users/users.module';
import { DistrictClaimToken } from './district-claim-token.entity';
import { DistrictClaimService } from './district-claim.service';
import { DistrictIdentitiesRepository } from './district-identities.repository';
import { DistrictIdentity } from './district-identity.entity';
import { DistrictSignInController } from './district-sign-in.controller';
import { DistrictSignInGuard } from './district-sign-in.guard';
import { DistrictSignInService } from './district-sign-in.service';
import { DistrictStrategy } from './district-strategy';
import { PendingSignIns } from './pending-sign-ins';

// Issue 31: "Sign in with the district's account" (OpenID Connect, openid-client through
// @nestjs/passport). Off (the options say so) while DISTRICT_OIDC_ISSUER is unset.
@Module({
  imports: [
    PassportModule,
    TypeOrmModule.forFeature([DistrictIdentity, DistrictClaimToken, User]),
    AuthModule,
    UsersModule,
    SessionsModule,
    PrivacyModule,
    RegistrationPolicyModule,
  ],
  controllers: [DistrictSignInController],
  providers: [
    DistrictIdentitiesRepository,
    DistrictSignInService,
    DistrictClaimService,
    DistrictStrategy,
    DistrictSignInGuard,
    PendingSignIns,
    OutboxService,
  ],
})
export class DistrictSignInModule {}
