import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminUsersModule } from '../admin-users/admin-users.module';
import { PrivacyModule } from '../privacy/privacy.module';
import { User } from '../users/user.entity';
import { UsersModule } from '../users/users.module';
import { AdminConsentsController, GuardianConsentController } from './guardian-consent.controller';
import { CONSENT_SWEEP_QUEUE, ConsentSweepProcessor } from './guardian-consent.processor';
import { GuardianConsentRepository } from './guardian-consent.repository';
import { GuardianConsentService } from './guardian-consent.service';

// Issue 20 "Guardian consent under 13".
@Module({
  imports: [
    TypeOrmModule.forFeature([User]),
    UsersModule,
    AdminUsersModule,
    PrivacyModule,
    BullModule.registerQueue({ name: CONSENT_SWEEP_QUEUE }),
  ],
  controllers: [GuardianConsentController, AdminConsentsController],
  providers: [GuardianConsentService, GuardianConsentRepository, ConsentSweepProcessor],
  // Registration queues the first mail.
  exports: [GuardianConsentService],
})
export class GuardianConsentModule {}
