import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@district/contracts';

export type CatalogueMessages = Record<string, string>;
export type Values = Record<string, unknown>;

// A service's own texts (e-mails, PDFs) in every language: the same Lingui runtime and ICU
// messages (plurals, numbers, dates) as the browser's catalogues. One instance per language, so
// concurrent requests in different languages never switch each other's locale.
export class ServerCatalogue<Key extends string = string> {
  private readonly byLanguage = new Map<Language, I18n>();

  constructor(catalogues: Record<Language, CatalogueMessages> & { en: Record<Key, string> }) {
    for (const language of LANGUAGES) {
      // A missing translation falls back to the English text, never to a key.
      const messages: Messages = { ...catalogues.en, ...catalogues[language] };
      const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
      i18n.setMessagesCompiler(compileMessage);
      this.byLanguage.set(language, i18n);
    }
  }

  t(language: Language, key: Key, values?: Values): string {
    const i18n = this.byLanguage.get(language) ?? this.byLanguage.get(DEFAULT_LANGUAGE)!;
    return i18n._(key, values);
  }

  // Bound to one language: what a mail template or a PDF writer takes.
  for(language: Language): (key: Key, values?: Values) => string {
    return (key, values) => this.t(language, key, values);
  }
}

// Dates and numbers as the language writes them ("27 de noviembre de 2026").
export function formatDate(
  language: Language,
  date: Date | string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', options).format(value);
}

export function formatNumber(
  language: Language,
  value: number,
  options?: Intl.NumberFormatOptions,
): string {
  return new Intl.NumberFormat(language === 'es' ? 'es-US' : 'en-US', options).format(value);
}
