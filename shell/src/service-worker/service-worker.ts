/// <reference lib="webworker" />
// Issue 34: the shell's service worker, built by workbox-webpack-plugin's InjectManifest
// (shell/webpack.config.js), which fills self.__WB_MANIFEST with the shell's own build files.
// The rules per path are in docs/architecture.md "Offline: the service worker's caching rules".
// The remotes deploy alone, so none of their files is precached here: each remote's
// mf-manifest.json and remoteEntry.js go to the network first (the cached copy only when the
// network fails), and the content-hashed chunks they name are kept once fetched.
import { isOfflineApiRead, OFFLINE } from '@district/contracts';
import { sendQueuedCheckIns } from '@district/ui/offline';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

const OFFLINE_PAGE = '/offline.html';
const APP_SHELL = '/index.html';
// The screens (first path segment) this phone opened while online: offline, they get the app
// shell; any other screen gets the offline page.
const SCREENS_CACHE = 'district-screens-v1';
const REMOTE_ENTRIES_CACHE = 'district-remote-entries-v1';
const HASHED_FILES_CACHE = 'district-hashed-v1';
const WEEK_SECONDS = 7 * 24 * 3600;

// The shell's build: index.html, offline page, manifests, icons and every hashed chunk.
// No directory index: a navigation to / goes to the network first like any other (below).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// A new version waits until the page's "Updated, reload" notice asks it to take over: the open
// page keeps the precache it started with, never a mix of two builds.
self.addEventListener('message', (event) => {
  if (event.data === OFFLINE.skipWaitingMessage) void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// --- Navigations: the network first (a new deployment's index.html arrives at once); offline,
// the app shell for a screen opened before, the offline page for any other.
function screenOf(url: URL): string {
  return `/${url.pathname.split('/')[1] ?? ''}`;
}

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    sameOrigin(url) &&
    !url.pathname.startsWith('/api/') &&
    !url.pathname.startsWith('/mf/'),
  async ({ request, url }) => {
    const screens = await caches.open(SCREENS_CACHE);
    try {
      const response = await fetch(request);
      // Only the app itself (the shell's HTML) marks a screen as opened; offline it is answered
      // with the precached index.html of this worker's build, whose chunks it holds.
      if (response.ok && response.headers.get('content-type')?.includes('text/html'))
        await screens.put(screenOf(url), new Response('opened'));
      return response;
    } catch {
      const shell = (await screens.match(screenOf(url))) ? await matchPrecache(APP_SHELL) : null;
      return shell ?? (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  },
);

// --- Remotes: where they are and their entries, network first; the cached copy only when the
// network fails, so a redeployed remote is never kept stale while the network answers.
const entryFiles =
  /^\/(?:config\/remotes\.json|mf\/[a-z-]+\/(?:mf-manifest\.json|remoteEntry\.js))$/;
registerRoute(
  ({ url }) => sameOrigin(url) && entryFiles.test(url.pathname),
  new NetworkFirst({
    cacheName: REMOTE_ENTRIES_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxAgeSeconds: WEEK_SECONDS }),
    ],
  }),
);

// --- Content-hashed files (the shell's later builds, every remote's chunks): a name never
// changes content, so the first copy is kept.
const hashedFile = /[.-][0-9a-f]{8,}\.(?:m?js|css|woff2?|png|svg|webp)$/;
registerRoute(
  ({ url }) => sameOrigin(url) && hashedFile.test(url.pathname),
  new CacheFirst({
    cacheName: HASHED_FILES_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 4 * WEEK_SECONDS }),
    ],
  }),
);

// --- The API: only the few reads a student needs offline (OFFLINE_API_READS), network first,
// kept in one cache that any sign-in or sign-out empties. Everything else is never stored.
const clearApiCache = () => caches.delete(OFFLINE.apiCache);

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && isOfflineApiRead(url),
  new NetworkFirst({
    cacheName: OFFLINE.apiCache,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      {
        // The session is gone (signed out elsewhere, expired): nothing of it stays.
        fetchDidSucceed: async ({ request, response }) => {
          const gone = response.status === 401 || response.status === 204;
          if (gone && new URL(request.url).pathname === '/api/user') await clearApiCache();
          return response;
        },
      },
    ],
  }),
  'GET',
);

// Signing in, out, or deleting the account: empty the offline reads once the server answered.
const sessionChanges = /^\/api\/(?:login|logout|register|user\/delete)$/;
const network = new NetworkOnly();
registerRoute(
  ({ url }) => sameOrigin(url) && sessionChanges.test(url.pathname),
  async (options) => {
    const response = await network.handle(options);
    await clearApiCache();
    return response;
  },
  'POST',
);

// --- Check-ins recorded offline: Background Sync sends them when the network returns (pages
// also send them on 'online' and on the next open). A failure keeps the sync for a later retry.
self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag !== OFFLINE.checkInSyncTag) return;
  sync.waitUntil(
    sendQueuedCheckIns().then((result) => {
      if (result.remaining > 0) throw new Error('check-ins still waiting');
    }),
  );
});
