import { useCurrentUser } from '@district/ui';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RunningNotifications } from './start-notifications';

// Mounted once in the app: starts the notification client (a lazy chunk) when a user is signed in
// and stops it at sign-out, before anything else can send a request (SPEC §4, §8).
export function NotificationsListener() {
  const userId = useCurrentUser()?.id;
  // Read in the effect's cleanup: is this a sign-out, or the app going away?
  const signedIn = useRef(false);
  signedIn.current = userId !== undefined;
  // The toast's "View" navigates in-app (no reload); read at click time, never stale.
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    if (userId === undefined) return undefined;
    let client: RunningNotifications | undefined;
    let cancelled = false;
    import('./start-notifications')
      .then(({ startNotifications }) => {
        if (!cancelled) client = startNotifications({}, (path) => void navigateRef.current(path));
      })
      .catch((error: unknown) => console.error('[notifications] could not start', error));
    return () => {
      cancelled = true;
      client?.stop({ signedOut: !signedIn.current });
    };
  }, [userId]);

  return null;
}
