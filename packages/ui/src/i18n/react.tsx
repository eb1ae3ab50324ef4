import { I18nProvider, useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { i18n, messages } from './i18n';

// The shell wraps the page once; every area below reads texts through these hooks.
export function LanguageProvider({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

// `t('volunteer.card.signUp')`, `t('volunteer.card.spotsLeft', { count })`; `m` is the shared
// catalogue (packages/contracts) in the same language; both re-render on a language switch.
export function useT() {
  const { _, i18n: active } = useLingui();
  return { t: _, m: messages(), language: active.locale };
}

export { Trans } from '@lingui/react';
