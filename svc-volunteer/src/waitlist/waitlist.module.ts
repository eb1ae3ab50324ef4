import { Module } from '@nestjs/common';
import { OpportunitiesModule } from '../opportunities/opportunities.module';
import { MyWaitlistController, WaitlistController } from './waitlist.controller';
import { WaitlistUserDeletion } from './waitlist.handler';
import { WaitlistPromotionModule } from './waitlist-promotion.module';
import { WaitlistService } from './waitlist.service';

@Module({
  imports: [OpportunitiesModule, WaitlistPromotionModule],
  controllers: [MyWaitlistController, WaitlistController],
  providers: [WaitlistService, WaitlistUserDeletion],
  exports: [WaitlistUserDeletion],
})
export class WaitlistModule {}
