import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ServiceHoursLogEntity } from './service-hours-log.entity';
import { ServiceHoursController } from './service-hours.controller';
import { ServiceHoursRepository } from './service-hours.repository';
import { ServiceHoursService } from './service-hours.service';

@Module({
  imports: [TypeOrmModule.forFeature([ServiceHoursLogEntity])],
  controllers: [ServiceHoursController],
  providers: [ServiceHoursService, ServiceHoursRepository],
})
export class ServiceHoursModule {}
