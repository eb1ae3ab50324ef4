import { afterAll, beforeAll } from '@jest/globals';
import { changeLanguage, LanguageProvider, registerCatalogue } from '@district/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { loadCatalogue } from '../i18n';

// The area's catalogue for a suite, as the shell's `ready` does before the page renders; the
// suite ends in English whatever a test switched to.
export function withVolunteerTexts(): void {
  beforeAll(() => registerCatalogue(loadCatalogue));
  afterAll(() => changeLanguage('en'));
}

// A client whose reads come only from what a test put in (setQueryData): nothing is fetched.
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, retry: false, queryFn: () => new Promise<never>(() => {}) },
    },
  });
}

// The providers the shell gives a remote's page: the language, the query client and the router
// (at `path`, e.g. "/volunteer#opportunity-4").
export function renderInArea(
  ui: ReactElement,
  {
    client = testQueryClient(),
    path = '/volunteer',
    ...options
  }: RenderOptions & { client?: QueryClient; path?: string } = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <LanguageProvider>{children}</LanguageProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  return render(ui, { wrapper, ...options });
}
