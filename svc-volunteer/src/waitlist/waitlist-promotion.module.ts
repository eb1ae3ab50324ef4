import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WaitlistEntryEntity } from './waitlist-entry.entity';
import { WaitlistPromotion } from './waitlist-promotion.service';
import { WaitlistRepository } from './waitlist.repository';

// Promotion on its own: everything that frees a spot (withdrawals, opportunity edits, deleted
// accounts) imports this, while the waitlist's endpoints (WaitlistModule) build on the
// opportunities, which could not import them back.
@Module({
  imports: [TypeOrmModule.forFeature([WaitlistEntryEntity])],
  providers: [WaitlistRepository, WaitlistPromotion],
  exports: [WaitlistRepository, WaitlistPromotion],
})
export class WaitlistPromotionModule {}
