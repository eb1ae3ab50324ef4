import type { AuditAction, AuditOutcome } from '@district/contracts';

export type AuditDetail = Record<string, unknown>;

export interface AuditEntry {
  // null: an operator at the command line (admin:create), not a signed-in user.
  actorId: number | null;
  action: AuditAction;
  target: { type: string; id?: number | string | null };
  outcome: AuditOutcome;
  // e.g. { from: {...}, to: {...} } for a change, { reason: '...' } for a failure.
  detail?: AuditDetail | null;
}

// One record of the merged trail as GET /api/audit answers it.
export interface AuditRecordView {
  // "<service>:<row id>", unique across services.
  id: string;
  service: string;
  actorId: number | null;
  actorName?: string | null;
  action: string;
  // "user:12", "opportunity:4", "users" for the whole table.
  target: string;
  outcome: AuditOutcome;
  // Short human summary of `data`.
  detail: string | null;
  data: AuditDetail | null;
  // ISO 8601 UTC with microseconds.
  at: string;
}

export interface AuditFilter {
  actor?: number;
  action?: string;
  from?: Date;
  to?: Date;
  // Strictly older than this position.
  before?: { at: string; id: string };
  limit: number;
}

export interface AuditPageView {
  items: AuditRecordView[];
  // Pass back as `cursor` for the next (older) page; null when there is none.
  nextCursor: string | null;
}
