// Zod-free on purpose: the browser's first load (the kit's i18n instance) imports these, and zod
// (~35 kB gzip) must stay out of it (issue 22; the schemas are in languages.ts).
// The platform's languages (issue 22). English is the source: every other catalogue translates it.
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

// Best supported language for a list of preferences (navigator.languages, or an Accept-Language
// header already split): "es-MX" counts as "es"; nothing we speak falls back to English.
export function pickLanguage(preferred: readonly string[] | undefined): Language {
  for (const tag of preferred ?? []) {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
