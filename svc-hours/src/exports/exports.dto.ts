import { createZodDto } from 'nestjs-zod';
import { hoursFilterQuerySchema } from '@district/contracts';

export class HoursFilterQueryDto extends createZodDto(hoursFilterQuerySchema) {}
