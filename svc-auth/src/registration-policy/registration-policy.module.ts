import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JoinCodesModule } from '../join-codes/join-codes.module';
import { RosterPerson } from '../rosters/roster-person.entity';
import { RostersRepository } from '../rosters/rosters.repository';
import { RegistrationPolicyService } from './registration-policy.service';

// Issue 31: who may join. Password registration (AuthModule) and district sign-in call it.
@Module({
  imports: [TypeOrmModule.forFeature([RosterPerson]), JoinCodesModule],
  providers: [RegistrationPolicyService, RostersRepository],
  exports: [RegistrationPolicyService],
})
export class RegistrationPolicyModule {}
