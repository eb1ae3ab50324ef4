import { createZodDto } from 'nestjs-zod';
import { hourGoalsSchema, studentProgressQuerySchema } from '@district/contracts';

export class HourGoalsDto extends createZodDto(hourGoalsSchema) {}
export class StudentProgressQueryDto extends createZodDto(studentProgressQuerySchema) {}
