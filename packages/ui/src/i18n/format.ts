import { currentLanguage } from './i18n';

// Dates, times and numbers as the language in use writes them (Intl, never concatenation).
// US Spanish ("es-US") keeps the US conventions the district's families read (dates, 12-hour time).
const LOCALES = { en: 'en-US', es: 'es-US' } as const;

export function locale(): string {
  return LOCALES[currentLanguage()];
}

export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(locale(), options).format(new Date(value));
}

// Numbers in Spanish use the decimal comma ("4,5 horas", issue 33): es-US would write "4.5".
const NUMBER_LOCALES = { en: 'en-US', es: 'es' } as const;

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(NUMBER_LOCALES[currentLanguage()], options).format(value);
}
