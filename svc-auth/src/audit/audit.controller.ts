import { BadRequestException, Controller, Get } from '@nestjs/common';
import {
  auditFilterOf,
  auditPageQuerySchema,
  Roles,
  ZodQuery,
  type AuditPageQuery,
  type AuditPageView,
} from '@district/service-kit';
import { AuditViewService } from './audit-view.service';

// Read only: there is no route that edits or deletes a record.
@Roles('admin')
@Controller('api/audit')
export class AuditController {
  constructor(private readonly view: AuditViewService) {}

  @Get()
  list(@ZodQuery(auditPageQuerySchema) query: AuditPageQuery): Promise<AuditPageView> {
    if (query.from && query.to && query.from > query.to)
      throw new BadRequestException({
        statusCode: 400,
        message: '"from" must not be after "to"',
        errors: [{ path: 'from', message: '"from" must not be after "to"' }],
      });
    return this.view.page(auditFilterOf(query));
  }
}
