// Languages in the browser (issue 22): how a test puts a page in Spanish, and the one table of
// texts a test looks for in each language. Shared texts come from the contracts' catalogues; an
// area's text comes from its own <area>/src/locales/es.json by key. `es: null` marks a text whose
// area key does not exist yet: the test then only checks the English text is gone. Fill a key in
// here once the area's catalogue has it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { SHARED_MESSAGES, type Language, type SharedMessages } from '@district/contracts';
import { SHARED_MESSAGES_ES } from '@district/contracts/messages-es';

export type { Language };
export const LANGUAGES: readonly Language[] = ['en', 'es'];
// The key the kit keeps the visitor's choice under (packages/ui/src/i18n/i18n.ts).
export const LANGUAGE_STORAGE_KEY = 'district.language';

export interface Localized {
  en: string;
  // null: no Spanish key in the area's catalogue yet.
  es: string | null;
}

type Area = 'shell' | 'mf-volunteer' | 'mf-hours' | 'mf-directory' | 'mf-blog';

const areaCatalogues = new Map<string, Record<string, string>>();
function areaCatalogue(area: Area, language: Language): Record<string, string> {
  const file = fileURLToPath(
    new URL(`../../${area}/src/locales/${language}.json`, import.meta.url),
  );
  let catalogue = areaCatalogues.get(file);
  if (!catalogue) {
    catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    areaCatalogues.set(file, catalogue);
  }
  return catalogue;
}

// A plain area text (no ICU argument) in Spanish; a missing key fails loudly.
function areaText(area: Area, key: string): string {
  const text = areaCatalogue(area, 'es')[key];
  if (!text) throw new Error(`${area}/src/locales/es.json has no "${key}"`);
  return text;
}

const shared = (pick: (m: SharedMessages) => string): Localized => ({
  en: pick(SHARED_MESSAGES as unknown as SharedMessages),
  es: pick(SHARED_MESSAGES_ES),
});
const area = (en: string, where: Area, key: string | null): Localized => ({
  en,
  es: key ? areaText(where, key) : null,
});

// Every text the accessibility and Spanish journeys look for, in one place.
export const TEXTS = {
  // Headings (h1) of the screens of SPEC §2.
  welcome: area('Welcome', 'shell', 'shell.auth.title'),
  forgotPasswordTitle: area('Forgot your password?', 'shell', 'shell.forgot.title'),
  setNewPassword: area('Set a new password', 'shell', 'shell.reset.title'),
  invalidResetLink: shared((m) => m.screen.invalidResetLinkTitle),
  notFound: shared((m) => m.screen.notFoundTitle),
  landing: shared((m) => m.screen.landing),
  volunteerTitle: shared((m) => m.screen.volunteerTitle),
  directoryTitle: shared((m) => m.screen.directoryTitle),
  blogTitle: shared((m) => m.screen.blogTitle),
  serviceHoursTitle: area('Service Hours', 'mf-hours', 'hours.page.title'),
  supervisorTitle: area('Supervisor Dashboard', 'mf-hours', 'hours.supervisor.title'),
  accessDenied: shared((m) => m.screen.accessDeniedTitle),
  myAccountTitle: area('My account', 'shell', 'shell.account.title'),
  // Tabs and buttons the journeys use.
  loginTab: area('Login', 'shell', 'shell.auth.loginTab'),
  registerTab: area('Register', 'shell', 'shell.auth.registerTab'),
  pastEventsTab: shared((m) => m.screen.pastEventsTab),
  myHoursTab: shared((m) => m.screen.myHoursTab),
  logHoursTab: shared((m) => m.screen.logHoursTab),
  auditLogTab: area('Audit log', 'mf-directory', 'directory.tabs.audit'),
  username: area('Username', 'shell', 'shell.form.username'),
  password: area('Password', 'shell', 'shell.form.password'),
  loginButton: area('Login', 'shell', 'shell.login.submit'),
  registerButton: area('Register', 'shell', 'shell.register.submit'),
  sendResetLink: shared((m) => m.screen.sendResetLink),
  requestNewLink: area('Request New Link', 'shell', 'shell.reset.requestNew'),
  resetPasswordButton: shared((m) => m.screen.resetPasswordButton),
  browseOpportunities: area('Browse Opportunities', 'shell', 'shell.home.findAction'),
  createOpportunity: shared((m) => m.screen.createOpportunity),
  writePost: shared((m) => m.screen.writePost),
  logoutButton: area('Logout', 'shell', 'shell.header.logout'),
  languagePicker: area('Language', 'shell', 'shell.language.label'),
  // A server's answer to a wrong password, translated by the gateway's services.
  invalidCredentials: shared((m) => m.api.invalidCredentials),
} satisfies Record<string, Localized>;

export type TextName = keyof typeof TEXTS;

// What to look for in `language`: the exact text when known, else "anything but the English".
export function textIn(name: TextName, language: Language): string | RegExp {
  const text = TEXTS[name];
  if (language === 'en') return text.en;
  return text.es ?? new RegExp(`^(?!\\s*${escapeRegExp(text.en)}\\s*$).+`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// The first way in: the visitor chose the language on this device before (the kit's saved choice).
export async function useSavedLanguage(
  target: Page | BrowserContext,
  language: Language,
): Promise<void> {
  await target.addInitScript(
    ([key, value]) => {
      // Only before the first choice: a later pick in the header must survive a reload.
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    },
    [LANGUAGE_STORAGE_KEY, language] as const,
  );
}

// The page is in `language`: <html lang>, and the screen's h1 reads `heading` in it.
export async function expectScreenIn(
  page: Page,
  language: Language,
  heading: TextName,
): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(
    textIn(heading, language),
  );
}
