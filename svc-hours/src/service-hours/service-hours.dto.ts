import { createZodDto } from 'nestjs-zod';
import {
  serviceHoursCorrectionSchema,
  serviceHoursListQuerySchema,
  serviceHoursSchema,
  serviceHoursStatusSchema,
  serviceHoursSummaryQuerySchema,
} from '@district/contracts';

export class ServiceHoursListQueryDto extends createZodDto(serviceHoursListQuerySchema) {}
export class ServiceHoursSummaryQueryDto extends createZodDto(serviceHoursSummaryQuerySchema) {}
export class ServiceHoursDto extends createZodDto(serviceHoursSchema) {}
// Issue 33: the spec's review body plus `reason`, and `pending` for an undo.
export class ServiceHoursStatusDto extends createZodDto(serviceHoursStatusSchema) {}
export class ServiceHoursCorrectionDto extends createZodDto(serviceHoursCorrectionSchema) {}
