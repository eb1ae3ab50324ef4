import { createZodDto } from 'nestjs-zod';
import {
  attendanceInputSchema,
  attendanceParamSchema,
  checkInInputSchema,
} from '@district/contracts';

export class AttendanceDto extends createZodDto(attendanceInputSchema) {}
export class AttendanceParamDto extends createZodDto(attendanceParamSchema) {}
export class CheckInDto extends createZodDto(checkInInputSchema) {}
