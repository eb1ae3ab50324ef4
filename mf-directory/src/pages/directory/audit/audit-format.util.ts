import { formatDate, i18n } from '@district/ui';

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

// An action's name in the language in use ("directory.audit.action.<action>"); an action this
// screen does not know yet shows as the server wrote it.
export function actionLabel(action: string): string {
  const key = `directory.audit.action.${action}`;
  const label = i18n._(key);
  return label === key ? action : label;
}

export function actorLabel(
  item: Pick<AuditItem, 'actorId' | 'actorName'> & Partial<Pick<AuditItem, 'data'>>,
): string {
  // Issue 19: an organisation's contact answers a mailed link without an account.
  if (item.actorId === null && typeof item.data?.contactEmail === 'string')
    return i18n._('directory.audit.organisationContact', { email: item.data.contactEmail });
  if (item.actorId === null) return i18n._('directory.audit.operator');
  return item.actorName ?? i18n._('directory.audit.deletedUser', { id: item.actorId });
}

// "user:12" with the name the record kept, e.g. "Sam Soon (user 12)".
export function targetLabel(item: Pick<AuditItem, 'target' | 'data'>): string {
  const name = typeof item.data?.name === 'string' ? item.data.name : undefined;
  const [type, id] = item.target.split(':');
  const plain = id
    ? i18n._('directory.audit.target', { type, id })
    : type === 'users'
      ? i18n._('directory.audit.allUsers')
      : type;
  return name ? i18n._('directory.audit.targetNamed', { name, target: plain }) : plain;
}

type Roles = { isAdmin?: boolean; isSupervisor?: boolean };

// What a record says happened, in words: role changes spelled out, else the server's summary.
export function changeLabel(
  item: Pick<AuditItem, 'action' | 'detail' | 'data' | 'outcome'>,
): string {
  if (item.outcome === 'failure') return item.detail ?? i18n._('directory.audit.refused');
  const data = item.data ?? {};
  if (item.action === 'user.roles.change') {
    const from = (data.from ?? {}) as Roles;
    const to = (data.to ?? {}) as Roles;
    const parts: string[] = [];
    if (data.created === true) parts.push(i18n._('directory.audit.createdAsAdmin'));
    for (const role of ['isSupervisor', 'isAdmin'] as const) {
      const name = role === 'isAdmin' ? 'admin' : 'supervisor';
      if (to[role] === undefined || data.created === true) continue;
      if (Boolean(from[role]) !== Boolean(to[role]))
        parts.push(
          i18n._(to[role] ? 'directory.audit.made' : 'directory.audit.removed', { role: name }),
        );
    }
    return parts.length > 0 ? parts.join(', ') : i18n._('directory.audit.noChange');
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
  return formatDate(at, { dateStyle: 'medium', timeStyle: 'medium' });
}
