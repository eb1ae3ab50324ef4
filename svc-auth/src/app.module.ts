import { Module } from '@nestjs/common';
import { DatabaseModule, EventsModule } from '@district/service-kit';
import { AdminUsersModule } from './admin-users/admin-users.module';
import { AuthModule } from './auth/auth.module';
import { AvatarsModule } from './avatars/avatars.module';
import { BackupModule } from './backup/backup.module';
import { DirectoryModule } from './directory/directory.module';
import { FastifyPluginsModule } from './fastify-plugins.module';
import { AUTH_MIGRATIONS } from './migrations';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { SeedModule } from './seed/seed.module';
import { AUTH_ENTITIES } from './users/auth-entities';

@Module({
  imports: [
    FastifyPluginsModule,
    DatabaseModule.forRoot({ entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS }),
    // Relay for user.* events; consumer of hours.approved (hour credits).
    EventsModule.forRoot(),
    AuthModule,
    PasswordResetModule,
    AvatarsModule,
    DirectoryModule,
    AdminUsersModule,
    BackupModule,
    SeedModule,
  ],
})
export class AppModule {}
