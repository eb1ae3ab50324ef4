// Test helpers (never imported by app code): the area's catalogue and the provider the shell
// gives every page, so screens render their texts as a user sees them.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import { changeLanguage, LanguageProvider, queryClient, registerCatalogue } from '@district/ui';
import type { ReactElement } from 'react';
import { loadCatalogue } from '../i18n';

export const loadHoursCatalogue = () => registerCatalogue(loadCatalogue);

export function renderInLanguage(ui: ReactElement): RenderResult {
  return render(
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>{ui}</LanguageProvider>
    </QueryClientProvider>,
  );
}

// Runs `body` with Spanish in use and always goes back to English (the suites' default).
export async function inSpanish(body: () => Promise<void> | void): Promise<void> {
  // In act: a mounted screen re-renders on the switch.
  await act(() => changeLanguage('es'));
  try {
    await body();
  } finally {
    await act(() => changeLanguage('en'));
  }
}
