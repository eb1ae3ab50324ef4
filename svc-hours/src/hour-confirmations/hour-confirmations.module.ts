import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HourConfirmationEntity } from './hour-confirmation.entity';
import { HourConfirmationsController } from './hour-confirmations.controller';
import { HourConfirmationsRepository } from './hour-confirmations.repository';
import { HourConfirmationsService } from './hour-confirmations.service';
import { HoursSettingsEntity } from './hours-settings.entity';

// Issue 19: verification by the organisation (mailed link, public page, the admins' setting).
@Module({
  imports: [TypeOrmModule.forFeature([HourConfirmationEntity, HoursSettingsEntity])],
  controllers: [HourConfirmationsController],
  providers: [HourConfirmationsService, HourConfirmationsRepository],
  exports: [HourConfirmationsService],
})
export class HourConfirmationsModule {}
