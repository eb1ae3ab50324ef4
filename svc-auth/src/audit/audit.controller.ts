import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { auditFilterOf, Roles, type AuditPageView } from '@district/service-kit';
import { AuditPageQueryDto } from './audit.dto';
import { AuditViewService } from './audit-view.service';

// Read only: there is no route that edits or deletes a record.
@Roles('admin')
@Controller('api/audit')
export class AuditController {
  constructor(private readonly view: AuditViewService) {}

  @Get()
  list(@Query() query: AuditPageQueryDto): Promise<AuditPageView> {
    if (query.from && query.to && query.from > query.to)
      throw new BadRequestException({
        statusCode: 400,
        message: '"from" must not be after "to"',
        errors: [{ path: 'from', message: '"from" must not be after "to"' }],
      });
    return this.view.page(auditFilterOf(query));
  }
}
