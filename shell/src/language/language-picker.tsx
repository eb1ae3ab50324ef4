import { apiPaths, LANGUAGES, isLanguage, type Language } from '@district/contracts';
import {
  apiRequest,
  changeLanguage,
  cn,
  currentLanguage,
  GlobeIcon,
  savedLanguage,
  toastError,
  useCurrentUser,
  useT,
} from '@district/ui';
import { useEffect, useId } from 'react';

// Each language names itself, whatever the page is in (issue 22): a reader who does not
// understand the current language still finds their own.
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

// Switches the page (every loaded catalogue, <html lang>), keeps the choice on this device and,
// for a signed-in user, on the account so mails and notifications follow it.
async function chooseLanguage(language: Language, signedIn: boolean): Promise<void> {
  await changeLanguage(language, { remember: true });
  if (signedIn) await apiRequest('PATCH', apiPaths.userPreferences, { language });
}

// The header's picker, signed in or not: a native <select>, labelled, one option per language.
export function LanguagePicker({ className }: { className?: string }) {
  const { t, language } = useT();
  const signedIn = Boolean(useCurrentUser());
  const id = useId();
  return (
    <div className={cn('language-picker', className)}>
      {/* Shown instead of the language's name where the header has no room for it (phones). */}
      <GlobeIcon size="lg" className="language-picker__icon" />
      <label htmlFor={id} className="ui-sr-only">
        {t('shell.language.label')}
      </label>
      <select
        id={id}
        className="ui-input language-picker__select"
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) chooseLanguage(next, signedIn).catch((error) => toastError(error));
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}

// Mounted once in the app, for the signed-in user. A language picked on this device (kept in
// localStorage) stays for the page; with none kept, the page takes the account's language (picked
// on another device, or the one the account was registered in). The account changes only when
// its owner picks while signed in (chooseLanguage): signing in on a shared device never rewrites
// someone's account with the last visitor's choice.
export function AdoptUserLanguage() {
  const user = useCurrentUser();
  const account = user ? (user as { language?: unknown }).language : undefined;
  useEffect(() => {
    if (!isLanguage(account) || savedLanguage()) return;
    if (account !== currentLanguage())
      // Kept on the device too, so the next visit opens in it without a flash of the other.
      changeLanguage(account, { remember: true }).catch((error: unknown) =>
        console.warn('[shell] could not switch to the account language', error),
      );
  }, [user?.id, account]);
  return null;
}
