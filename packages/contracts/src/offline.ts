// Issue 34: names the shell's service worker and the pages agree on (docs/architecture.md
// "Offline: the service worker's caching rules").
// Where the worker is served; its scope is the whole site. A constant of its own: the sign-in
// screen's first load registers the worker and must not carry the object below.
export const SERVICE_WORKER_PATH = '/sw.js';

export const OFFLINE = {
  // The few API answers a student needs offline (the worker's runtime cache). Emptied when anyone
  // signs in or out, or when the session is found gone.
  apiCache: 'district-api-v1',
  // The check-ins recorded on the phone while offline (IndexedDB) and the Background Sync tag
  // that sends them.
  checkInDatabase: 'district-offline',
  checkInSyncTag: 'send-check-ins',
  // Pages hear here when the queue changed (a check-in sent or refused by the worker).
  checkInChannel: 'district-check-ins',
  // A page asks the waiting worker to take over (after the "Updated, reload" notice).
  skipWaitingMessage: 'SKIP_WAITING',
} as const;

// The API reads the worker may keep for offline use (GET only, 200 only): the signed-in user,
// the active opportunities with their sign-up lists, and the viewer's own sign-ups and
// waitlist places. Every other API answer goes to the network and is never stored.
export const OFFLINE_API_READS: readonly RegExp[] = [
  /^\/api\/user$/,
  /^\/api\/opportunities$/, // ?status=active only: see offlineApiRead
  /^\/api\/opportunities\/mine$/,
  /^\/api\/opportunities\/mine\/waitlist$/,
  /^\/api\/opportunities\/\d+\/signups$/,
];

export function isOfflineApiRead(url: { pathname: string; search: string }): boolean {
  if (!OFFLINE_API_READS.some((pattern) => pattern.test(url.pathname))) return false;
  return url.pathname !== '/api/opportunities' || url.search === '?status=active';
}
