import { Controller, Get, Query } from '@nestjs/common';
import { Roles } from '../identity/identity.decorators';
import { AuditPageQueryDto } from './audit.dto';
import { auditFilterOf } from './audit-query.schema';
import { AuditService } from './audit.service';
import type { AuditPageView } from './audit.types';

// This service's own records, for svc-auth's merged GET /api/audit. Not routed by the gateway;
// still admin-only, since svc-auth forwards the caller's identity token.
@Roles('admin')
@Controller('internal/audit')
export class InternalAuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  list(@Query() query: AuditPageQueryDto): Promise<AuditPageView> {
    return this.audit.page(auditFilterOf(query));
  }
}
