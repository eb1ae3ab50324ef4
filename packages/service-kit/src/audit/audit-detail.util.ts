import type { AuditDetail } from './audit.types';

// A one-line summary for lists: the failure reason if any, else "key: value" pairs.
export function describeAuditDetail(detail: AuditDetail | null): string | null {
  if (!detail) return null;
  if (typeof detail.reason === 'string') return detail.reason;
  const parts = Object.entries(detail).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return parts.length > 0 ? parts.join(', ') : null;
}
