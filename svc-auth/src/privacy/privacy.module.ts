import { Module } from '@nestjs/common';
import { AdminUsersModule } from '../admin-users/admin-users.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { OwnPrivacyController, PrivacySettingsController } from './privacy.controller';
import { PrivacySettingsRepository } from './privacy-settings.repository';
import { PrivacyService } from './privacy.service';
import { OwnDataExportService } from './own-data-export.service';

@Module({
  imports: [UsersModule, SessionsModule, AdminUsersModule],
  controllers: [OwnPrivacyController, PrivacySettingsController],
  providers: [PrivacyService, PrivacySettingsRepository, OwnDataExportService],
  exports: [PrivacySettingsRepository],
})
export class PrivacyModule {}
