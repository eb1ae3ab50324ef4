import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OpportunitiesModule } from '../opportunities/opportunities.module';
import { OpportunityEntity } from '../opportunities/opportunity.entity';
import { WaitlistPromotionModule } from '../waitlist/waitlist-promotion.module';
import { RemindersModule } from '../reminders/reminders.module';
import { SignupEntity } from './signup.entity';
import { MySignupsController, SignupsController } from './signups.controller';
import { SignupsRepository } from './signups.repository';
import { SignupsService } from './signups.service';

@Module({
  imports: [
    OpportunitiesModule,
    WaitlistPromotionModule,
    RemindersModule,
    TypeOrmModule.forFeature([SignupEntity, OpportunityEntity]),
  ],
  controllers: [MySignupsController, SignupsController],
  providers: [SignupsService, SignupsRepository],
  // The deactivation hook releases a student's places (issue 31).
  exports: [SignupsRepository],
})
export class SignupsModule {}
