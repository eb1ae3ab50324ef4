import { Module } from '@nestjs/common';
import { JoinCodesModule } from '../join-codes/join-codes.module';
import { PrivacyModule } from '../privacy/privacy.module';
import { RostersModule } from '../rosters/rosters.module';
import { RegistrationPolicyService } from './registration-policy.service';

// Issue 31: who may join. Password registration (AuthModule) and district sign-in
// (admitDistrictAccount, then recordAdmission) call it.
@Module({
  imports: [JoinCodesModule, RostersModule, PrivacyModule],
  providers: [RegistrationPolicyService],
  exports: [RegistrationPolicyService],
})
export class RegistrationPolicyModule {}
