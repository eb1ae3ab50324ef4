export { CreateAuditLog1765000000000 } from './create-audit-log.migration';
export {
  AuditLogSources1795600000000,
  MoveAuditLogToOutbox1795600000001,
} from './audit-by-events.migrations';
export * from './audit.types';
export * from './audit-cursor';
export { describeAuditDetail } from './audit-detail.util';
export { AuditService } from './audit.service';
export { addAuditRecord, readAuditPage, storeAuditRecord } from './audit-log.repository';
export { auditPageQuerySchema, auditFilterOf, type AuditPageQuery } from './audit-query.schema';
export { AuditModule } from './audit.module';
export type { AuditModuleOptions } from './audit.options';
