import { createZodDto } from 'nestjs-zod';
import { auditPageQuerySchema } from '@district/service-kit';

// The served audit query: the contracts filters plus a cursor that must decode.
export class AuditPageQueryDto extends createZodDto(auditPageQuerySchema) {}
