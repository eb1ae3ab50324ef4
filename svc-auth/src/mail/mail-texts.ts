import type { Language } from '@district/contracts';
import { escapeHtml, ServerCatalogue, type Values } from '@district/service-kit';
import en from '../locales/en.json';
import es from '../locales/es.json';

// Issue 22: every e-mail svc-auth sends, in the recipient's language (src/locales, ICU).
export type MailKey = keyof typeof en;
const MAIL_TEXTS = new ServerCatalogue<MailKey>({ en, es });

export interface MailWriter {
  language: Language;
  // The plain-text part.
  text(key: MailKey, values?: Values): string;
  // The same words for the HTML part: the catalogue's words and every string value escaped,
  // a value in `markup` wrapped by it after escaping (<strong>, links).
  html(key: MailKey, values?: Values, markup?: Record<string, (escaped: string) => string>): string;
}

const MARK = (i: number) => `\u0001${i}\u0001`;

export function mailWriter(language: Language): MailWriter {
  const t = MAIL_TEXTS.for(language);
  return {
    language,
    text: t,
    html(key, values = {}, markup = {}) {
      // Strings go through the message as markers so escaping the words never touches them
      // twice; numbers stay real numbers (plurals).
      const strings = Object.entries(values).filter(([, v]) => typeof v === 'string');
      const marked: Values = { ...values };
      strings.forEach(([name], i) => (marked[name] = MARK(i)));
      let html = escapeHtml(t(key, marked));
      strings.forEach(([name, value], i) => {
        const escaped = escapeHtml(value as string);
        html = html.split(MARK(i)).join(markup[name] ? markup[name](escaped) : escaped);
      });
      return html;
    },
  };
}
