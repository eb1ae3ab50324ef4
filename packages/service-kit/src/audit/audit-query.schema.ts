import { z } from 'zod';
import { auditQuerySchema, PAGE_SIZE_DEFAULT, plainText } from '@district/contracts';
import { decodeAuditCursor } from './audit-cursor';

// The contract's filters (actor, action, from, to, pageSize) plus a keyset cursor instead of page
// numbers: a page number would make PostgreSQL skip rows, which grows with every page.
export const auditPageQuerySchema = auditQuerySchema.extend({
  cursor: plainText()
    .max(200)
    .optional()
    .refine((value) => value === undefined || decodeAuditCursor(value) !== undefined, {
      message: 'Invalid cursor',
    }),
});
export type AuditPageQuery = z.output<typeof auditPageQuerySchema>;

export function auditFilterOf(query: AuditPageQuery) {
  return {
    actor: query.actor,
    action: query.action,
    from: query.from,
    to: query.to,
    before: query.cursor ? decodeAuditCursor(query.cursor) : undefined,
    limit: query.pageSize ?? PAGE_SIZE_DEFAULT,
  };
}
