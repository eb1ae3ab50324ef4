import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { OutboxService, REDIS, SERVICE_CONFIG, type Redis } from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import { GuardianConsentModule } from '../guardian-consent/guardian-consent.module';
import { PrivacyModule } from '../privacy/privacy.module';
import { RegistrationPolicyModule } from '../registration-policy/registration-policy.module';
import { SessionsModule } from '../sessions/sessions.module';
import { SchoolNetworks } from '../rate-limit/school-networks';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { DeviceCookie } from './device-cookie';
import { LocalAuthGuard } from './local-auth.guard';
import { LocalStrategy } from './local.strategy';
import { LoginThrottle } from './login-throttle.service';
import { VerifyController } from './verify.controller';

@Module({
  imports: [
    PassportModule,
    UsersModule,
    SessionsModule,
    PrivacyModule,
    GuardianConsentModule,
    RegistrationPolicyModule,
  ],
  controllers: [AuthController, VerifyController],
  providers: [
    AuthService,
    LocalStrategy,
    LocalAuthGuard,
    DeviceCookie,
    OutboxService,
    {
      provide: LoginThrottle,
      inject: [REDIS, SERVICE_CONFIG],
      useFactory: (redis: Redis, config: AuthConfig) =>
        new LoginThrottle(redis, config.BULLMQ_PREFIX, {
          schoolNetworks: new SchoolNetworks(config.SCHOOL_NETWORKS),
        }),
    },
  ],
  exports: [AuthService, LoginThrottle],
})
export class AuthModule {}
