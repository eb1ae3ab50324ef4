import { Spinner, useAuth, useT } from '@district/ui';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

// SPEC §2: a spinner while the current user loads, /auth when there is none.
// `preload` starts the signed-in layout's chunk while the session is still being checked.
export function ProtectedRoute({
  children,
  preload,
}: {
  children: ReactNode;
  preload?: () => void;
}) {
  const { user, isLoading } = useAuth();
  const { t } = useT();
  const location = useLocation();
  useEffect(() => {
    if (user !== null) preload?.();
  }, [user, preload]);
  if (isLoading) return <Spinner page size="lg" label={t('shell.loading.account')} />;
  if (!user)
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

// /auth and /login: a signed-in user goes to / (or back to the page that sent them here).
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <Spinner page size="lg" />;
  if (user) return <Navigate to={safeReturnPath(location.state)} replace />;
  return <>{children}</>;
}

// Only same-site paths: never follow a redirect target to another origin.
function safeReturnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}
