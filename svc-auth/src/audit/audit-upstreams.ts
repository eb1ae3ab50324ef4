export { parseAuditUpstreams, type AuditUpstream } from '../config/auth-config';

export interface AuditConfig {
  AUDIT_UPSTREAMS?: string;
}
