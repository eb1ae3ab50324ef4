import { SHARED_MESSAGES, type SharedMessages } from './shared-messages';
import type { Language } from './languages';

// Services and the browser's own checks produce the shared catalogue's English text (a zod
// message, an exception's message). This turns such a text into another language by finding which
// entry produced it: plain texts by equality, parameterised ones (tooLong(max)) by a pattern made
// from the English function itself. A text not in the catalogue comes back unchanged.

type Entry = string | ((...args: never[]) => string);
type Matcher = { pattern: RegExp; translate: (target: SharedMessages, args: string[]) => string };

const MARK = (i: number) => `\uE000${i}\uE000`;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const exact = new Map<string, (target: SharedMessages) => string>();
const patterns: Matcher[] = [];

function pick(target: SharedMessages, section: string, key: string): Entry {
  return (target as unknown as Record<string, Record<string, Entry>>)[section][key];
}

for (const [section, entries] of Object.entries(SHARED_MESSAGES)) {
  for (const [key, english] of Object.entries(entries as Record<string, Entry>)) {
    if (typeof english === 'string') {
      // The first entry with a given text wins; equal English texts share their translation.
      if (!exact.has(english)) exact.set(english, (target) => pick(target, section, key) as string);
      continue;
    }
    const arity = english.length;
    const marked = (english as (...args: string[]) => string)(
      ...Array.from({ length: arity }, (_, i) => MARK(i)),
    );
    const order: number[] = [];
    const source = escapeRegExp(marked).replace(/\uE000(\d+)\uE000/g, (_, i: string) => {
      order.push(Number(i));
      return '([\\s\\S]+?)';
    });
    patterns.push({
      pattern: new RegExp(`^${source}$`),
      translate: (target, captured) => {
        const args: string[] = [];
        order.forEach((argIndex, i) => (args[argIndex] = captured[i]));
        return (pick(target, section, key) as (...a: string[]) => string)(...args);
      },
    });
  }
}

const catalogues = new Map<Language, SharedMessages>([['en', SHARED_MESSAGES]]);

// The browser registers a language once it has loaded its catalogue; services register all.
export function registerSharedMessages(language: Language, messages: SharedMessages): void {
  catalogues.set(language, messages);
}

export function sharedMessages(language: Language): SharedMessages {
  return catalogues.get(language) ?? SHARED_MESSAGES;
}

export function translateMessage(text: string, language: Language): string {
  if (language === 'en') return text;
  const target = catalogues.get(language);
  if (!target) return text;
  const direct = exact.get(text);
  if (direct) return direct(target);
  for (const { pattern, translate } of patterns) {
    const match = pattern.exec(text);
    if (match) return translate(target, match.slice(1));
  }
  return text;
}

// Whether a text comes from the shared catalogue (the hard-coded-text check uses it).
export function isSharedMessage(text: string): boolean {
  return exact.has(text) || patterns.some(({ pattern }) => pattern.test(text));
}
