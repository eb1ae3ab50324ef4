import { formatDate, locale } from '@district/ui';

// SPEC §2 "Dates": event dates in long form, e.g. "Saturday, May 4, 2031" ("sábado, 4 de mayo de
// 2031" in Spanish), in the viewer's zone and the language in use.
export function formatEventDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDate(date, { dateStyle: 'full' });
}

// A date of a series in short, e.g. "Sat, May 4" ("sáb, 4 may").
export function formatSeriesDate(iso: string): string {
  return formatDate(iso, { weekday: 'short', month: 'short', day: 'numeric' });
}

// <input type="date"> value for today, in the viewer's zone.
export function todayInputValue(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// "2031-05-04" → local midnight as an ISO instant, so the long-form date shows that same day.
export function dateInputToIso(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

// Issue 18: the event's time range in the viewer's zone, e.g. "9:00 – 11:30 AM CST"; an event
// that ends on another day names both days.
// Formatters per call: the language can change between two renders.
const TIME_ONLY: Intl.DateTimeFormatOptions = {
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { ...TIME_ONLY, month: 'short', day: 'numeric' };

export function formatTimeRange(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  const sameDay = start.toDateString() === end.toDateString();
  return new Intl.DateTimeFormat(locale(), sameDay ? TIME_ONLY : DAY_AND_TIME).formatRange(
    start,
    end,
  );
}

// <input type="time"> value ("09:30") of an instant, in the viewer's zone.
export function timeInputValue(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

// <input type="date"> value of an instant, in the viewer's zone.
export function dateInputValue(iso: string): string {
  return todayInputValue(new Date(iso));
}

// "2031-05-04" and "09:30" → that local time as an ISO instant.
export function dateTimeInputsToIso(day: string, time: string): string | undefined {
  const dayMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dayMatch || !timeMatch) return undefined;
  const date = new Date(
    Number(dayMatch[1]),
    Number(dayMatch[2]) - 1,
    Number(dayMatch[3]),
    Number(timeMatch[1]),
    Number(timeMatch[2]),
  );
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

// "Saturday" ("sábado") for a weekly series starting on that date, in the viewer's zone.
export function weekdayOf(iso: string): string {
  return formatDate(iso, { weekday: 'long' });
}
