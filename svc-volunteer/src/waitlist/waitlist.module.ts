import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OpportunitiesModule } from '../opportunities/opportunities.module';
import { WaitlistEntryEntity } from './waitlist-entry.entity';
import { MyWaitlistController, WaitlistController } from './waitlist.controller';
import { WaitlistUserDeletion } from './waitlist.handler';
import { WaitlistPromotion } from './waitlist-promotion.service';
import { WaitlistRepository } from './waitlist.repository';
import { WaitlistService } from './waitlist.service';

@Module({
  imports: [OpportunitiesModule, TypeOrmModule.forFeature([WaitlistEntryEntity])],
  controllers: [MyWaitlistController, WaitlistController],
  providers: [WaitlistService, WaitlistRepository, WaitlistPromotion, WaitlistUserDeletion],
  // Everything that frees a spot promotes in its own transaction (signups, opportunity edits).
  exports: [WaitlistPromotion],
})
export class WaitlistModule {}
