import { formatDate, formatNumber, i18n } from '@district/ui';

// Hours dates are calendar days ("2025-03-01"): format them in UTC so no time zone moves them a
// day back. Submission times are instants: shown in the viewer's own zone. Every format follows
// the language in use (issue 22).

// SPEC §2 "hours dates in short form": e.g. "Mar 1, 2025" ("1 mar 2025" in Spanish).
export function formatHoursDate(day: string): string {
  const date = new Date(day.length === 10 ? `${day}T00:00:00Z` : day);
  return Number.isNaN(date.getTime())
    ? day
    : formatDate(date, { dateStyle: 'medium', timeZone: 'UTC' });
}

export function formatSubmittedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
}

// "2025-03" → "Mar 2025" (chart and report months).
export function formatMonth(month: string): string {
  return formatDate(`${month}-01T00:00:00Z`, { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

// Issue 33: at least half a year is drawn, so one month is one bar among six, not the whole width.
const MIN_MONTHS = 6;

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

function monthsBack(month: string, count: number): string {
  let [y, m] = month.split('-').map(Number);
  m -= count;
  while (m < 1) {
    m += 12;
    y -= 1;
  }
  return `${y}-${String(m).padStart(2, '0')}`;
}

// Every month from the first with hours (or six months back) to this month, 0 where none.
export function continuousMonths(
  months: ReadonlyArray<{ month: string; hours: number }>,
  now: Date = new Date(),
): Array<{ month: string; hours: number }> {
  const current = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  const byMonth = new Map(months.map((m) => [m.month, m.hours]));
  const sorted = [...byMonth.keys()].sort();
  const last =
    sorted.length > 0 && sorted[sorted.length - 1] > current ? sorted[sorted.length - 1] : current;
  const floor = monthsBack(last, MIN_MONTHS - 1);
  const first = sorted.length > 0 && sorted[0] < floor ? sorted[0] : floor;
  const out: Array<{ month: string; hours: number }> = [];
  for (let month = first; month <= last; month = nextMonth(month))
    out.push({ month, hours: byMonth.get(month) ?? 0 });
  return out;
}

export function formatHours(hours: number): string {
  return formatNumber(hours, { maximumFractionDigits: 1 });
}

// "1 hour", "2.5 hours": the plural chosen by the language's rules on the number itself.
export function hoursLabel(hours: number): string {
  return i18n._('hours.unit.hours', { count: hours, hours: formatHours(hours) });
}

// Today as the date input wants it (YYYY-MM-DD), in the student's own zone.
export function todayInputValue(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

// Error("409: Only pending items …") → "Only pending items …" for inline messages. The server
// already answers in the language in use (Accept-Language).
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^\d{3}: /, '');
}
