import { defineServiceModule } from '@district/service-kit';
import { AdminUsersModule } from './admin-users/admin-users.module';
import { AuditViewModule } from './audit/audit-view.module';
import { AuthModule } from './auth/auth.module';
import { AvatarsModule } from './avatars/avatars.module';
import { BackupModule } from './backup/backup.module';
import { DirectoryModule } from './directory/directory.module';
import { DistrictSignInModule } from './district-sign-in/district-sign-in.module';
import { FastifyPluginsModule } from './fastify-plugins.module';
import { GuardianConsentModule } from './guardian-consent/guardian-consent.module';
import { JoinCodesModule } from './join-codes/join-codes.module';
import { AUTH_MIGRATIONS } from './migrations';
import { NotificationMailModule } from './mail/notification-mail.module';
import { OpenApiModule } from './openapi/openapi.module';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { PreferencesModule } from './preferences/preferences.module';
import { PrivacyModule } from './privacy/privacy.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { RostersModule } from './rosters/rosters.module';
import { SeedModule } from './seed/seed.module';
import { AUTH_ENTITIES } from './entities';

export const SERVICE = 'svc-auth';

// Relay for user.* events; consumer of hours.approved (hour credits) and audit.recorded.
export const AppModule = defineServiceModule({
  service: SERVICE,
  database: { entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS },
  // The merged audit trail (issues 9, 16): svc-auth's own records go straight into it, the
  // other services' arrive as audit.recorded events.
  audit: { store: true },
  mail: true,
  features: [
    FastifyPluginsModule,
    NotificationMailModule,
    RateLimitModule,
    AuthModule,
    // Issue 31: sign in with the district's account (OpenID Connect).
    DistrictSignInModule,
    PasswordResetModule,
    AvatarsModule,
    DirectoryModule,
    AdminUsersModule,
    PrivacyModule,
    PreferencesModule,
    GuardianConsentModule,
    JoinCodesModule,
    RostersModule,
    BackupModule,
    AuditViewModule,
    OpenApiModule,
    SeedModule,
  ],
});
