import { Controller, Get } from '@nestjs/common';
import { Roles } from '../identity/identity.decorators';
import { ZodQuery } from '../validation/zod-validation.pipe';
import { auditFilterOf, auditPageQuerySchema, type AuditPageQuery } from './audit-query.schema';
import { AuditService } from './audit.service';
import type { AuditPageView } from './audit.types';

// This service's own records, for svc-auth's merged GET /api/audit. Not routed by the gateway;
// still admin-only, since svc-auth forwards the caller's identity token.
@Roles('admin')
@Controller('internal/audit')
export class InternalAuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  list(@ZodQuery(auditPageQuerySchema) query: AuditPageQuery): Promise<AuditPageView> {
    return this.audit.page(auditFilterOf(query));
  }
}
