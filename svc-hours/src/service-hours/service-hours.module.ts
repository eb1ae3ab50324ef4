import { Module } from '@nestjs/common';
import { ServiceHoursController } from './service-hours.controller';
import { ServiceHoursService } from './service-hours.service';

@Module({ controllers: [ServiceHoursController], providers: [ServiceHoursService] })
export class ServiceHoursModule {}
