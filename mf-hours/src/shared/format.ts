// Hours dates are calendar days ("2025-03-01"): format them in UTC so no time zone moves them a
// day back. Submission times are instants: shown in the viewer's own zone.
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const SUBMITTED = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const HOURS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

// SPEC §2 "hours dates in short form": e.g. "Mar 1, 2025".
export function formatHoursDate(day: string): string {
  const date = new Date(day.length === 10 ? `${day}T00:00:00Z` : day);
  return Number.isNaN(date.getTime()) ? day : SHORT_DATE.format(date);
}

export function formatSubmittedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : SUBMITTED.format(date);
}

export function formatHours(hours: number): string {
  return HOURS.format(hours);
}

export function hoursLabel(hours: number): string {
  return `${formatHours(hours)} ${hours === 1 ? 'hour' : 'hours'}`;
}

// Today as the date input wants it (YYYY-MM-DD), in the student's own zone.
export function todayInputValue(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

// Error("409: Only pending items …") → "Only pending items …" for inline messages.
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^\d{3}: /, '');
}
