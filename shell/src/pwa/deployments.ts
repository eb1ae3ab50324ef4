import { OFFLINE, REMOTES_CONFIG_PATH } from '@district/contracts';

// Issue 34: a new deployment reaches an open app within one navigation. On every route change
// the signed-in layout asks: is a new shell build installed (a service worker waiting), or has a
// remote this page already runs been redeployed (its mf-manifest.json, or where
// /config/remotes.json points, differs from what the page loaded)? Either way the page says
// "Updated, reload" (update-notice.tsx) instead of running on as a mix of two versions.

let updateReady = false;
const listeners = new Set<() => void>();
// Entry URL → the manifest's text when the page loaded that remote.
const loadedRemotes = new Map<string, string | null>();
let remotesConfig: string | null = null;

function announce(): void {
  if (updateReady) return;
  updateReady = true;
  for (const listener of listeners) listener();
}

export function subscribeToUpdates(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isUpdateReady = (): boolean => updateReady;

async function fetchText(url: string): Promise<string | null> {
  try {
    const res = await fetch(url, { credentials: 'same-origin', cache: 'no-cache' });
    return res.ok ? await res.text() : null;
  } catch {
    return null; // offline: nothing to compare
  }
}

// The remote page loaded a remote from `entry`: remember which build it was.
export async function rememberRemote(entry: string): Promise<void> {
  if (loadedRemotes.has(entry)) return;
  loadedRemotes.set(entry, null);
  remotesConfig ??= await fetchText(REMOTES_CONFIG_PATH);
  loadedRemotes.set(entry, await fetchText(entry));
}

// A new worker installed while an older one controls the page is a new shell build.
function watchWorker(registration: ServiceWorkerRegistration): void {
  const controlled = () => Boolean(navigator.serviceWorker.controller);
  const whenInstalled = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && controlled()) announce();
    });
  if (registration.waiting && controlled()) announce();
  whenInstalled(registration.installing);
  registration.addEventListener('updatefound', () => whenInstalled(registration.installing));
}

let watched = false;
let checking: Promise<void> | null = null;

export function checkForDeployment(): Promise<void> {
  checking ??= (async () => {
    const registration =
      'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
    if (registration && !watched) {
      watched = true;
      watchWorker(registration);
    }
    await registration?.update().catch(() => undefined);
    // Where the remotes are matters only once the page runs one (no request on home before).
    if (loadedRemotes.size === 0) return;
    const config = await fetchText(REMOTES_CONFIG_PATH);
    if (config !== null) {
      if (remotesConfig !== null && config !== remotesConfig) announce();
      remotesConfig ??= config;
    }
    for (const [entry, loaded] of loadedRemotes) {
      if (loaded === null) continue;
      const now = await fetchText(entry);
      if (now !== null && now !== loaded) announce();
    }
  })().finally(() => {
    checking = null;
  });
  return checking;
}

// "Reload": a waiting worker takes over first (then the page reloads under it); otherwise a
// plain reload fetches the new remote entries (the worker asks the network first for them).
export async function reloadForUpdate(): Promise<void> {
  const registration =
    'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  const waiting = registration?.waiting;
  if (!waiting) {
    location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {
    once: true,
  });
  waiting.postMessage(OFFLINE.skipWaitingMessage);
}
