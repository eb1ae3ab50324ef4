import type { Language } from '@district/contracts';
import { formatDate, formatNumber, ServerCatalogue } from '@district/service-kit';
import en from './locales/en.json';
import es from './locales/es.json';

// svc-hours' own texts (issue 22): the organisation's confirmation mail and the PDF record, in
// the language of the request that caused them. The check in scripts/ keeps en and es aligned.
export const hoursCatalogue = new ServerCatalogue<keyof typeof en>({ en, es });
export type HoursText = ReturnType<typeof hoursCatalogue.for>;

// A calendar date (YYYY-MM-DD or an ISO time) as the reader writes it. English keeps the ISO
// date it has always shown (organisations and tests read it as is); other languages get the
// long form ("27 de noviembre de 2026"), in UTC so the day never shifts.
export function calendarDate(
  language: Language,
  value: string,
  style: 'long' | 'medium' = 'long',
): string {
  const day = value.slice(0, 10);
  return language === 'en' ? day : formatDate(language, day, { dateStyle: style, timeZone: 'UTC' });
}

// Hours as the record and the mail show them: halves keep one decimal ("2.5"), whole hours none.
export function hoursNumber(language: Language, hours: number): string {
  if (language === 'en') return Number.isInteger(hours) ? `${hours}` : hours.toFixed(1);
  return formatNumber(language, hours, {
    minimumFractionDigits: Number.isInteger(hours) ? 0 : 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  });
}
