import { Module } from '@nestjs/common';
import { OpportunitiesModule } from '../opportunities/opportunities.module';
import { MySignupsController, SignupsController } from './signups.controller';
import { SignupsService } from './signups.service';

@Module({
  imports: [OpportunitiesModule],
  controllers: [MySignupsController, SignupsController],
  providers: [SignupsService],
})
export class SignupsModule {}
