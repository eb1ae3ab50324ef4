import type { AuditAction } from '@district/contracts';

// One record as GET /api/audit answers it (svc-auth's merged view; see the svc-auth audit module).
export interface AuditItem {
  id: string;
  service: string;
  actorId: number | null;
  actorName?: string | null;
  action: string;
  target: string;
  outcome: 'success' | 'failure';
  detail: string | null;
  data: Record<string, unknown> | null;
  at: string;
}

export interface AuditPage {
  items: AuditItem[];
  nextCursor: string | null;
}

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.roles.change': 'Role change',
  'user.school.change': 'School change',
  'user.delete': 'Account deletion',
  'user.delete.self': 'Own account deleted',
  'privacy.settings.change': 'Privacy policy changed',
  'users.backup': 'Backup download',
  'opportunity.create': 'Opportunity created',
  'opportunity.update': 'Opportunity edited',
  'opportunity.archive': 'Opportunity archived',
  'opportunity.reopen': 'Opportunity reopened',
  'opportunity.delete': 'Opportunity deleted',
  'photo.approve': 'Photo approved',
  'photo.reject': 'Photo rejected',
  'blog.approve': 'Post approved',
  'blog.reject': 'Post rejected',
  'hours.approve': 'Hours approved',
  'hours.reject': 'Hours rejected',
  'hour-goals.update': 'Hour goals changed',
  'record.issue': 'Service record issued',
  'hours.confirm': 'Organisation confirmation',
  'hours-settings.update': 'Hours settings changed',
  'consent.grant': 'Guardian consented',
  'consent.refuse': 'Guardian refused',
  'consent.expire': 'Consent request expired',
  'consent.resend': 'Consent mail resent',
};

export function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
}

export function actorLabel(
  item: Pick<AuditItem, 'actorId' | 'actorName'> & Partial<Pick<AuditItem, 'data'>>,
): string {
  // Issue 19: an organisation's contact answers a mailed link without an account.
  if (item.actorId === null && typeof item.data?.contactEmail === 'string')
    return `${item.data.contactEmail} (organisation contact)`;
  if (item.actorId === null) return 'Operator';
  return item.actorName ?? `Deleted user #${item.actorId}`;
}

// "user:12" with the name the record kept, e.g. "Sam Soon (user 12)".
export function targetLabel(item: Pick<AuditItem, 'target' | 'data'>): string {
  const name = typeof item.data?.name === 'string' ? item.data.name : undefined;
  const [type, id] = item.target.split(':');
  const plain = id ? `${type} ${id}` : type === 'users' ? 'all users' : type;
  return name ? `${name} (${plain})` : plain;
}

type Roles = { isAdmin?: boolean; isSupervisor?: boolean };

// What a record says happened, in words: role changes spelled out, else the server's summary.
export function changeLabel(
  item: Pick<AuditItem, 'action' | 'detail' | 'data' | 'outcome'>,
): string {
  if (item.outcome === 'failure') return item.detail ?? 'Refused';
  const data = item.data ?? {};
  if (item.action === 'user.roles.change') {
    const from = (data.from ?? {}) as Roles;
    const to = (data.to ?? {}) as Roles;
    const parts: string[] = [];
    if (data.created === true) parts.push('Created as admin');
    for (const role of ['isSupervisor', 'isAdmin'] as const) {
      const name = role === 'isAdmin' ? 'admin' : 'supervisor';
      if (to[role] === undefined || data.created === true) continue;
      if (Boolean(from[role]) !== Boolean(to[role]))
        parts.push(to[role] ? `Made ${name}` : `Removed ${name}`);
    }
    return parts.length > 0 ? parts.join(', ') : 'No change';
  }
  if (item.action === 'user.school.change' && typeof data.to === 'string')
    return `${String(data.from)} → ${data.to}`;
  return item.detail ?? '';
}

// `<input type="date">` gives a day; "to" means the end of that day, in the admin's time zone.
export function dayBounds(from: string, to: string): { from?: string; to?: string } {
  return {
    from: from ? new Date(`${from}T00:00:00`).toISOString() : undefined,
    to: to ? new Date(`${to}T23:59:59.999`).toISOString() : undefined,
  };
}

export function formatAuditTime(at: string): string {
  return new Date(at).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
}
