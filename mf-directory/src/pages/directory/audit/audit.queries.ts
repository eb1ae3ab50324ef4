import { apiPaths } from '@district/contracts';
import { apiRequest } from '@district/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from './audit-format.util';

const AUDIT_PAGE_SIZE = 50;

export interface AuditFilters {
  actor?: number;
  action?: string;
  from?: string;
  to?: string;
}

function auditUrl(filters: AuditFilters, cursor: string | null): string {
  const params = new URLSearchParams({ pageSize: String(AUDIT_PAGE_SIZE) });
  if (filters.actor !== undefined) params.set('actor', String(filters.actor));
  if (filters.action) params.set('action', filters.action);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (cursor) params.set('cursor', cursor);
  return `${apiPaths.audit}?${params.toString()}`;
}

// Newest first; "Load more" follows the server's keyset cursor. Role changes invalidate the
// [apiPaths.audit] prefix, so the list is fresh when the admin comes back to it.
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: [apiPaths.audit, filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      (await (await apiRequest('GET', auditUrl(filters, pageParam))).json()) as AuditPage,
    getNextPageParam: (last) => last.nextCursor,
  });
}
