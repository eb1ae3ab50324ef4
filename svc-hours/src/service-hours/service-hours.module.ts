import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HourConfirmationsModule } from '../hour-confirmations/hour-confirmations.module';
import { OpportunitiesReplicaModule } from '../opportunities-replica/opportunities-replica.module';
import { ServiceHoursLogEntity } from './service-hours-log.entity';
import { ServiceHoursController } from './service-hours.controller';
import { ServiceHoursRepository } from './service-hours.repository';
import { ServiceHoursService } from './service-hours.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([ServiceHoursLogEntity]),
    HourConfirmationsModule,
    OpportunitiesReplicaModule,
  ],
  controllers: [ServiceHoursController],
  providers: [ServiceHoursService, ServiceHoursRepository],
})
export class ServiceHoursModule {}
