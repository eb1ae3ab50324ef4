import { Module } from '@nestjs/common';
import { OpportunitiesModule } from '../opportunities/opportunities.module';
import { SignupsController } from './signups.controller';
import { SignupsService } from './signups.service';

@Module({
  imports: [OpportunitiesModule],
  controllers: [SignupsController],
  providers: [SignupsService],
})
export class SignupsModule {}
