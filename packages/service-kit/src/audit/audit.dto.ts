import { createZodDto } from 'nestjs-zod';
import { auditPageQuerySchema } from './audit-query.schema';

export class AuditPageQueryDto extends createZodDto(auditPageQuerySchema) {}
