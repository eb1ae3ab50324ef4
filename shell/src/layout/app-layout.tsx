import { Spinner, useAuth, useT } from '@district/ui';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useSendQueuedCheckIns } from '../pwa/send-queued-check-ins';
import { UpdateNotice } from '../pwa/update-notice';
import { ConsentBanner } from './consent-banner';
import { Footer } from './footer';
import { Header } from './header';

// The frame of every signed-in page: header, the page (shell's or a remote's), footer. A page that
// is loading or broken stays inside this frame, so navigation keeps working.
export function AppLayout() {
  const { user } = useAuth();
  const { t } = useT();
  useSendQueuedCheckIns();
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {t('shell.layout.skipToContent')}
      </a>
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <UpdateNotice />
        {user?.restricted && <ConsentBanner />}
        <Suspense fallback={<Spinner page label={t('shell.loading.page')} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
