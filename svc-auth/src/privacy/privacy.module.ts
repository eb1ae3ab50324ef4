import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminUsersModule } from '../admin-users/admin-users.module';
import { SessionsModule } from '../sessions/sessions.module';
import { HourCredit } from '../users/hour-credit.entity';
import { User } from '../users/user.entity';
import { UsersModule } from '../users/users.module';
import { OwnPrivacyController, PrivacySettingsController } from './privacy.controller';
import { PrivacySettingsRepository } from './privacy-settings.repository';
import { PrivacyService } from './privacy.service';
import { OwnDataExportRepository } from './own-data-export.repository';
import { OwnDataExportService } from './own-data-export.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([User, HourCredit]),
    UsersModule,
    SessionsModule,
    AdminUsersModule,
  ],
  controllers: [OwnPrivacyController, PrivacySettingsController],
  providers: [
    PrivacyService,
    PrivacySettingsRepository,
    OwnDataExportService,
    OwnDataExportRepository,
  ],
  exports: [PrivacySettingsRepository],
})
export class PrivacyModule {}
