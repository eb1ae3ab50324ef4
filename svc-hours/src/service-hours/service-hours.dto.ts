import { createZodDto } from 'nestjs-zod';
import {
  serviceHoursListQuerySchema,
  serviceHoursSchema,
  serviceHoursSummaryQuerySchema,
} from '@district/contracts';

export class ServiceHoursListQueryDto extends createZodDto(serviceHoursListQuerySchema) {}
export class ServiceHoursSummaryQueryDto extends createZodDto(serviceHoursSummaryQuerySchema) {}
export class ServiceHoursDto extends createZodDto(serviceHoursSchema) {}
