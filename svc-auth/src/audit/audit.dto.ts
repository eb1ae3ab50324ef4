import { createZodDto } from 'nestjs-zod';
import { auditCursorSchema, auditListQuerySchema } from '@district/contracts';
import { decodeMergedCursor } from './merged-audit-cursor';

// The served audit query (contracts), with a cursor that must decode.
const mergedAuditQuerySchema = auditListQuerySchema.extend({
  cursor: auditCursorSchema.refine(
    (value) => value === undefined || decodeMergedCursor(value) !== undefined,
    { message: 'Invalid cursor' },
  ),
});

export class MergedAuditQueryDto extends createZodDto(mergedAuditQuerySchema) {}
