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
