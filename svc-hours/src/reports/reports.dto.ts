import { createZodDto } from 'nestjs-zod';
import { hoursReportParamSchema } from '@district/contracts';

export class HoursReportParamDto extends createZodDto(hoursReportParamSchema) {}
