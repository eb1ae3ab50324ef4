import { BadRequestException, Controller, Get, Headers } from '@nestjs/common';
import { z } from 'zod';
import { auditCursorSchema, auditListQuerySchema, PAGE_SIZE_DEFAULT } from '@district/contracts';
import { IDENTITY_HEADER, Roles, ZodQuery, type AuditPageView } from '@district/service-kit';
import { decodeMergedCursor } from './merged-audit-cursor';
import { MergedAuditService } from './merged-audit.service';

// The served audit query (contracts), with a cursor that must decode.
const mergedAuditQuerySchema = auditListQuerySchema.extend({
  cursor: auditCursorSchema.refine(
    (value) => value === undefined || decodeMergedCursor(value) !== undefined,
    { message: 'Invalid cursor' },
  ),
});
type MergedAuditQueryInput = z.output<typeof mergedAuditQuerySchema>;

// Read only: there is no route that edits or deletes a record.
@Roles('admin')
@Controller('api/audit')
export class AuditController {
  constructor(private readonly merged: MergedAuditService) {}

  @Get()
  list(
    @ZodQuery(mergedAuditQuerySchema) query: MergedAuditQueryInput,
    @Headers(IDENTITY_HEADER) identityToken: string,
  ): Promise<AuditPageView> {
    if (query.from && query.to && query.from > query.to)
      throw new BadRequestException({
        statusCode: 400,
        message: '"from" must not be after "to"',
        errors: [{ path: 'from', message: '"from" must not be after "to"' }],
      });
    return this.merged.page(
      {
        actor: query.actor,
        action: query.action,
        from: query.from,
        to: query.to,
        limit: query.pageSize ?? PAGE_SIZE_DEFAULT,
        after: query.cursor ? decodeMergedCursor(query.cursor) : undefined,
      },
      identityToken,
    );
  }
}
