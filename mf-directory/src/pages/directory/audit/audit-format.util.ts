import { formatDate, formatNumber, i18n } from '@district/ui';

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
  return known(`directory.audit.action.${action}`) ?? action;
}

// The message for a key, or undefined when the catalogue has none.
function known(key: string, values?: Record<string, unknown>): string | undefined {
  const text = i18n._(key, values);
  return text === key ? undefined : text;
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

// "user:12" with the name the record kept, e.g. "Sam Soon", else "user 12".
export function targetLabel(item: Pick<AuditItem, 'target' | 'data'>): string {
  const name = typeof item.data?.name === 'string' ? item.data.name : undefined;
  return name ?? plainTarget(item.target);
}

function plainTarget(target: string): string {
  const [type, id] = target.split(':');
  if (id) return i18n._('directory.audit.target', { type, id });
  return type === 'users' ? i18n._('directory.audit.allUsers') : type;
}

type Roles = { isAdmin?: boolean; isSupervisor?: boolean };
type Sentence = Pick<AuditItem, 'action' | 'target' | 'data' | 'outcome' | 'detail'> &
  Pick<AuditItem, 'actorId' | 'actorName'>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

// Issue 33 item 10: what a record says happened, as one plain sentence in the reader's language
// ("Maria Lopez archived the opportunity “Beach clean-up”"), built here from the action's code and
// the record's data ("directory.audit.sentence.<action>", ICU messages): the server keeps no
// wording. A refusal says who was refused what, and why; an action this screen does not know yet
// still reads as "<who>: <action>".
export function auditSentence(item: Sentence): string {
  const data = item.data ?? {};
  const actor = actorLabel(item);
  const action = actionLabel(item.action);
  if (item.outcome === 'failure') {
    const reason = text(data.reason) ?? text(item.detail);
    return reason
      ? i18n._('directory.audit.sentence.refusedBecause', { actor, action, reason })
      : i18n._('directory.audit.sentence.refused', { actor, action });
  }
  const values: Record<string, unknown> = {
    actor,
    target: targetLabel(item),
    title: text(data.title) ?? '',
    school: text(data.school) ?? '',
    from: text(data.from) ?? '',
    to: text(data.to) ?? '',
    organisation: text(data.organisation) ?? '',
    decision: data.decision === 'declined' ? 'declined' : 'confirmed',
    attended: data.attended === false ? 'no' : 'yes',
    scheduled: data.by === 'schedule' ? 'yes' : 'no',
  };
  const hours = count(data.hours) ?? count(data.totalHours);
  if (hours !== undefined) Object.assign(values, { hours, hoursText: formatNumber(hours) });
  const ids = Array.isArray(data.ids) ? data.ids.length : undefined;
  if (ids !== undefined) Object.assign(values, { count: ids, countText: formatNumber(ids) });

  if (item.action === 'user.roles.change') return roleSentences(values, data);
  return known(`directory.audit.sentence.${item.action}`, values) ?? `${actor}: ${action}`;
}

// One sentence per role granted or removed ("Ada Admin made Sam Soon a supervisor.").
function roleSentences(values: Record<string, unknown>, data: Record<string, unknown>): string {
  if (data.created === true) return i18n._('directory.audit.sentence.createdAdmin', values);
  const from = (data.from ?? {}) as Roles;
  const to = (data.to ?? {}) as Roles;
  const parts: string[] = [];
  for (const role of ['isSupervisor', 'isAdmin'] as const) {
    if (to[role] === undefined || Boolean(from[role]) === Boolean(to[role])) continue;
    parts.push(
      i18n._(
        to[role] ? 'directory.audit.sentence.roleGranted' : 'directory.audit.sentence.roleRemoved',
        {
          ...values,
          role: role === 'isAdmin' ? 'admin' : 'supervisor',
        },
      ),
    );
  }
  return parts.length > 0
    ? parts.join(' ')
    : i18n._('directory.audit.sentence.rolesUnchanged', values);
}

// "Chrome 131 on Android" from a full user-agent string: what an admin needs to recognise a
// device, not the 150 characters the browser sends (issue 33 item 10).
export function shortUserAgent(agent: string): string {
  const browser =
    match(agent, /\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge') ??
    match(agent, /\bOPR\/(\d+)/, 'Opera') ??
    match(agent, /\bSamsungBrowser\/(\d+)/, 'Samsung Internet') ??
    match(agent, /\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox') ??
    match(agent, /\b(?:Chrome|CriOS|Chromium)\/(\d+)/, 'Chrome') ??
    (/Safari\//.test(agent) ? match(agent, /\bVersion\/(\d+(?:\.\d+)?)/, 'Safari') : undefined);
  const system = /\bAndroid\b/.test(agent)
    ? 'Android'
    : /\b(?:iPhone|iPad|iPod)\b/.test(agent)
      ? 'iOS'
      : /\bCrOS\b/.test(agent)
        ? 'ChromeOS'
        : /\bWindows\b/.test(agent)
          ? 'Windows'
          : /\bMac OS X\b|\bMacintosh\b/.test(agent)
            ? 'macOS'
            : /\bLinux\b/.test(agent)
              ? 'Linux'
              : undefined;
  if (browser && system) return i18n._('directory.audit.browserOn', { browser, system });
  return browser ?? system ?? (agent.length > 40 ? `${agent.slice(0, 40)}…` : agent);
}

function match(agent: string, pattern: RegExp, name: string): string | undefined {
  const found = pattern.exec(agent);
  return found ? `${name} ${found[1]}` : undefined;
}

// The record's details, shown on demand under its sentence: each field with a label in the
// reader's language where the screen knows it, values written out (dates and numbers with Intl,
// the user agent shortened).
export function auditDetails(item: Pick<AuditItem, 'service' | 'target' | 'data'>): Array<{
  label: string;
  value: string;
}> {
  const rows = [
    { label: i18n._('directory.audit.detail.service'), value: item.service },
    { label: i18n._('directory.audit.detail.target'), value: plainTarget(item.target) },
  ];
  for (const [key, value] of Object.entries(item.data ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    rows.push({
      label: known(`directory.audit.detail.${key}`) ?? key,
      value:
        key === 'userAgent' && typeof value === 'string' ? shortUserAgent(value) : written(value),
    });
  }
  return rows;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function written(value: unknown): string {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean')
    return i18n._(value ? 'directory.audit.yes' : 'directory.audit.no');
  if (typeof value === 'string')
    return ISO_TIME.test(value)
      ? formatDate(value, { dateStyle: 'medium', timeStyle: 'short' })
      : value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object'))
    return value.map(written).join(', ');
  return JSON.stringify(value);
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
