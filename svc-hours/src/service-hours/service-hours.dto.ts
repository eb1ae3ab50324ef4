import { createZodDto } from 'nestjs-zod';
import {
  hoursStatusSchema,
  serviceHoursListQuerySchema,
  serviceHoursSchema,
  serviceHoursSummaryQuerySchema,
} from '@district/contracts';

export class ServiceHoursListQueryDto extends createZodDto(serviceHoursListQuerySchema) {}
export class ServiceHoursSummaryQueryDto extends createZodDto(serviceHoursSummaryQuerySchema) {}
export class ServiceHoursDto extends createZodDto(serviceHoursSchema) {}
export class HoursStatusDto extends createZodDto(hoursStatusSchema) {}
