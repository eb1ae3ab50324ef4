import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RemindersModule } from '../reminders/reminders.module';
import { WaitlistPromotionModule } from '../waitlist/waitlist-promotion.module';
import { OpportunitiesController } from './opportunities.controller';
import { OpportunitiesRepository } from './opportunities.repository';
import { OpportunitiesService } from './opportunities.service';
import { OpportunityChangeNotice } from './opportunity-change-notice';
import { OpportunityChangesRepository } from './opportunity-changes.repository';
import { OpportunityChangesSignal, OpportunityListCache } from './opportunity-list.cache';
import { OpportunityEntity } from './opportunity.entity';

@Module({
  imports: [
    TypeOrmModule.forFeature([OpportunityEntity]),
    WaitlistPromotionModule,
    RemindersModule,
  ],
  controllers: [OpportunitiesController],
  providers: [
    OpportunitiesService,
    OpportunitiesRepository,
    OpportunityListCache,
    OpportunityChangesSignal,
    OpportunityChangesRepository,
    OpportunityChangeNotice,
  ],
  exports: [OpportunitiesService],
})
export class OpportunitiesModule {}
