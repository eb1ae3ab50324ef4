import { z } from 'zod';
import { auditCursorSchema, auditListQuerySchema, PAGE_SIZE_DEFAULT } from '@district/contracts';
import { decodeAuditCursor } from './audit-cursor';
import type { AuditFilter } from './audit.types';

// GET /api/audit as served: the contract's filters plus a keyset cursor that must decode (a page
// number would make PostgreSQL skip rows, which grows with every page).
export const auditPageQuerySchema = auditListQuerySchema.extend({
  cursor: auditCursorSchema.refine(
    (value) => value === undefined || decodeAuditCursor(value) !== undefined,
    { message: 'Invalid cursor' },
  ),
});
export type AuditPageQuery = z.output<typeof auditPageQuerySchema>;

export function auditFilterOf(query: AuditPageQuery): AuditFilter {
  return {
    actor: query.actor,
    action: query.action,
    from: query.from,
    to: query.to,
    before: query.cursor ? decodeAuditCursor(query.cursor) : undefined,
    limit: query.pageSize ?? PAGE_SIZE_DEFAULT,
  };
}
