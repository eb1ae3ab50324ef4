import { formatDate } from '@district/ui';

// "March 3, 2025" / "3 de marzo de 2025": the long form in the language in use, in the reader's
// time zone; '' for a date that cannot be read.
export function postedOnDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatDate(date, { year: 'numeric', month: 'long', day: 'numeric' });
}
