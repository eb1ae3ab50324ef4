// SPEC §2 "Dates": event dates in long form, e.g. "Saturday, May 4, 2031", in the viewer's zone.
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'full' });

export function formatEventDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : longDate.format(date);
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
const timeOnly = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const dayAndTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export function formatTimeRange(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  const sameDay = start.toDateString() === end.toDateString();
  return (sameDay ? timeOnly : dayAndTime).formatRange(start, end);
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

// "every Saturday" for a weekly series starting on that date, in the viewer's zone.
const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long' });
export function weekdayOf(iso: string): string {
  return weekday.format(new Date(iso));
}
