import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OpportunitiesController } from './opportunities.controller';
import { OpportunitiesRepository } from './opportunities.repository';
import { OpportunitiesService } from './opportunities.service';
import { OpportunityChangeNotice } from './opportunity-change-notice';
import { OpportunityListCache } from './opportunity-list.cache';
import { OpportunityEntity } from './opportunity.entity';

@Module({
  imports: [TypeOrmModule.forFeature([OpportunityEntity])],
  controllers: [OpportunitiesController],
  providers: [
    OpportunitiesService,
    OpportunitiesRepository,
    OpportunityListCache,
    OpportunityChangeNotice,
  ],
  exports: [OpportunitiesService],
})
export class OpportunitiesModule {}
