import { useT } from '@district/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Brand } from '../layout/brand';
import { Footer } from '../layout/footer';
import { LanguagePicker } from '../language/language-picker';

// Centered single-card pages that need no sign-in (forgot/reset password, 404).
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="public-page">
      <header className="public-page__bar">
        <LanguagePicker />
      </header>
      <main className="public-page__main" id="main">
        <Brand />
        {children}
      </main>
      <Footer />
    </div>
  );
}

// The footer link of the password pages.
export function BackToLogin() {
  const { t } = useT();
  return (
    <Link to="/auth" className="text-link">
      {t('shell.common.backToLogin')}
    </Link>
  );
}
