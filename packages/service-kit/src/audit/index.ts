export { CreateAuditLog1765000000000 } from './create-audit-log.migration';
export * from './audit.types';
export * from './audit-cursor';
export { describeAuditDetail } from './audit-detail.util';
export { AuditService, addAuditRecord, readAuditPage } from './audit.service';
export { auditPageQuerySchema, auditFilterOf, type AuditPageQuery } from './audit-query.schema';
export { InternalAuditController } from './internal-audit.controller';
export { AuditModule, type AuditModuleOptions } from './audit.module';
