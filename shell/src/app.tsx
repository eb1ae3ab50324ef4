import { AuthProvider, LanguageProvider, queryClient, Spinner, Toaster } from '@district/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app-routes';
// The shell's catalogue: English loaded now, registered for every language switch.
import './i18n';
import { AdoptUserLanguage } from './language/language-picker';
import { NotificationsListener } from './notifications/notifications-listener';

// Providers every page (and every remote rendered inside a page) relies on.
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <LanguageProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <Suspense fallback={<Spinner page size="lg" />}>{children}</Suspense>
          <Toaster />
          <NotificationsListener />
          <AdoptUserLanguage />
        </AuthProvider>
      </QueryClientProvider>
    </LanguageProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
