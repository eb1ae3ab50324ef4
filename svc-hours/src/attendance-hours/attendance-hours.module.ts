import { Module } from '@nestjs/common';
import { AttendanceHoursHandler } from './attendance-hours.handler';
import { AttendanceHoursRepository } from './attendance-hours.repository';

@Module({
  providers: [AttendanceHoursHandler, AttendanceHoursRepository],
})
export class AttendanceHoursModule {}
