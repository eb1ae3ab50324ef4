import { Module } from '@nestjs/common';
import { OpportunitiesController } from './opportunities.controller';
import { OpportunitiesService } from './opportunities.service';
import { OpportunityListCache } from './opportunity-list.cache';

@Module({
  controllers: [OpportunitiesController],
  providers: [OpportunitiesService, OpportunityListCache],
  exports: [OpportunitiesService],
})
export class OpportunitiesModule {}
