import type { ReactNode } from 'react';
import { Brand } from '../layout/brand';
import { Footer } from '../layout/footer';

// Centered single-card pages that need no sign-in (forgot/reset password, 404).
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="public-page">
      <main className="public-page__main" id="main">
        <Brand />
        {children}
      </main>
      <Footer />
    </div>
  );
}
