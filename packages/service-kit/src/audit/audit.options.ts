export interface AuditModuleOptions {
  // true in svc-auth only: it keeps the merged trail (CreateAuditLog1765000000000 and
  // AuditLogSources1795600000000 in its migrations) and consumes audit.recorded. Every other
  // service publishes its records as audit.recorded events (needs EventsModule).
  store?: boolean;
}

export const AUDIT_OPTIONS = Symbol('service-kit:audit-options');
