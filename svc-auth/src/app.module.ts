import { Module, type DynamicModule } from '@nestjs/common';
import {
  AuditModule,
  DatabaseModule,
  EventsModule,
  MailModule,
  type EventsModuleOptions,
} from '@district/service-kit';
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
import { RostersModule } from './rosters/rosters.module';
import { AUTH_MIGRATIONS } from './migrations';
import { NotificationMailModule } from './mail/notification-mail.module';
import { OpenApiModule } from './openapi/openapi.module';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { PreferencesModule } from './preferences/preferences.module';
import { PrivacyModule } from './privacy/privacy.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { SeedModule } from './seed/seed.module';
import { AUTH_ENTITIES } from './entities';

export const SERVICE = 'svc-auth';

export interface AppModuleOptions {
  // Event routing, as in the other services (tests may point the relay elsewhere).
  events?: EventsModuleOptions;
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        FastifyPluginsModule,
        DatabaseModule.forRoot({ entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS }),
        // Relay for user.* events; consumer of hours.approved (hour credits) and audit.recorded.
        EventsModule.forRoot({ service: SERVICE, ...options.events }),
        MailModule.forRoot({ service: SERVICE }),
        NotificationMailModule,
        // The merged audit trail (issues 9, 16): svc-auth's own records go straight into it, the
        // other services' arrive as audit.recorded events.
        AuditModule.forRoot({ store: true }),
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
    };
  }
}
