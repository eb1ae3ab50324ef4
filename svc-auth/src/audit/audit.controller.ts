import { BadRequestException, Controller, Get, Headers, Query } from '@nestjs/common';
import { PAGE_SIZE_DEFAULT } from '@district/contracts';
import { IDENTITY_HEADER, Roles, type AuditPageView } from '@district/service-kit';
import { MergedAuditQueryDto } from './audit.dto';
import { decodeMergedCursor } from './merged-audit-cursor';
import { MergedAuditService } from './merged-audit.service';

// Read only: there is no route that edits or deletes a record.
@Roles('admin')
@Controller('api/audit')
export class AuditController {
  constructor(private readonly merged: MergedAuditService) {}

  @Get()
  list(
    @Query() query: MergedAuditQueryDto,
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
