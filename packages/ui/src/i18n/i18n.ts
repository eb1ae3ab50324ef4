import { setupI18n, type Messages } from '@lingui/core';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  pickLanguage,
  SHARED_MESSAGES,
  type Language,
  type SharedMessages,
} from '@district/contracts';

// The one Lingui instance of the page (issue 22; docs/decisions.md "Languages"). @district/ui is
// a module-federation singleton, so the shell and every remote translate through this object:
// each area registers its own catalogue loader and only the language in use is fetched.
export const i18n = setupI18n();
// English until the page knows better, so a text is never asked of an inactive instance.
i18n.loadAndActivate({ locale: DEFAULT_LANGUAGE, messages: {} });

export type CatalogueModule = Messages | { default: Messages };
export type CatalogueLoader = (language: Language) => Promise<CatalogueModule>;

const STORAGE_KEY = 'district.language';
const loaders = new Set<CatalogueLoader>();
const loads = new Map<string, Promise<void>>();
const loaderIds = new WeakMap<CatalogueLoader, number>();
let nextLoaderId = 0;

function loaderId(loader: CatalogueLoader): number {
  let id = loaderIds.get(loader);
  if (id === undefined) loaderIds.set(loader, (id = nextLoaderId++));
  return id;
}

function load(loader: CatalogueLoader, language: Language): Promise<void> {
  const key = `${loaderId(loader)}:${language}`;
  let pending = loads.get(key);
  if (!pending) {
    pending = loader(language).then((module) => {
      const messages = ('default' in module ? module.default : module) as Messages;
      i18n.load(language, messages);
    });
    // A failed fetch (a deploy swapped the chunk, the network dropped) is tried again next time.
    pending.catch(() => loads.delete(key));
    loads.set(key, pending);
  }
  return pending;
}

type Spanish = typeof import('./spanish');
let spanish: Spanish | undefined;

function loadShared(language: Language): Promise<void> {
  if (language === 'en' || spanish) return Promise.resolve();
  return import(/* webpackChunkName: "messages-es" */ './spanish').then((module) => {
    spanish = module;
  });
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

// The language someone picked on this device (the header's picker), if any.
export function savedLanguage(): Language | null {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return isLanguage(saved) ? saved : null;
  } catch {
    // Storage may be blocked (private mode): nothing was kept.
    return null;
  }
}

// The saved choice on this device, else the browser's languages (navigator.languages).
export function initialLanguage(): Language {
  return (
    savedLanguage() ?? pickLanguage(typeof navigator === 'undefined' ? [] : navigator.languages)
  );
}

// An area's catalogue, for the language in use now and for every later switch. The promise
// settles once its texts can be shown (the remote's page waits for it before rendering).
export function registerCatalogue(loader: CatalogueLoader): Promise<void> {
  loaders.add(loader);
  return load(loader, currentLanguage());
}

// Loads every registered catalogue in the new language first, then switches: no screen ever
// shows a mix of languages or a key. `remember` keeps the choice on this device.
export async function changeLanguage(
  language: Language,
  { remember = false }: { remember?: boolean } = {},
): Promise<void> {
  await Promise.all([loadShared(language), ...[...loaders].map((l) => load(l, language))]);
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // Not saved on this device; the account still keeps it.
    }
  }
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    // Issue 34: "Add to Home Screen" names the app in the page's language.
    document.getElementById('manifest')?.setAttribute('href', `/manifest.${language}.webmanifest`);
  }
  i18n.activate(language);
}

// The shared catalogue (packages/contracts) in the language in use.
export function messages(): SharedMessages {
  return currentLanguage() === 'es' && spanish ? spanish.spanishMessages : SHARED_MESSAGES;
}

// A shared message's English text (a zod issue, a server's message) in the language in use.
export function translate(text: string): string {
  return currentLanguage() === 'es' && spanish ? spanish.translateToSpanish(text) : text;
}
