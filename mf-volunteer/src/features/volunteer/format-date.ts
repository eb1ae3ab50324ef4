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
