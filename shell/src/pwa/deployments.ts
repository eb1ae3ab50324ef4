import { OFFLINE, REMOTES_CONFIG_PATH } from '@district/contracts';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { parseRemotesConfig, type RemotesConfig } from '../federation/remotes-config';

// Issue 34: a new deployment reaches an open app within one navigation. On every route change
// the signed-in layout asks: is a new shell build installed (a service worker waiting), or has a
// remote this page already runs been redeployed (its mf-manifest.json, or where
// /config/remotes.json points, differs from what the page loaded)? Either way the page says
// "Updated, reload" (update-notice.tsx) instead of running on as a mix of two versions.

let updateReady = false;
const listeners = new Set<() => void>();
// Entry URL → the text of the manifest the federation runtime loaded that remote from.
const loadedRemotes = new Map<string, string>();
// The remote config the page registered (its remotes, as JSON).
let remotesConfig: string | null = null;
const configText = (config: RemotesConfig) => JSON.stringify(config.remotes);

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

// The page registered these remotes (federation-host.ts).
export function rememberRemotesConfig(config: RemotesConfig): void {
  remotesConfig ??= configText(config);
}

// The federation runtime's own manifest requests go through here, so what is remembered is the
// very manifest the page runs: a second request of its own could already see the next build
// (a redeployment between the two), and the page would then never notice it.
export function loadedBuildsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'district-loaded-builds',
    async fetch(url, init) {
      const res = await fetch(url, init);
      if (res.ok && !loadedRemotes.has(url)) loadedRemotes.set(url, await res.clone().text());
      return res;
    },
  };
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

async function check(): Promise<void> {
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
  if (config !== null && remotesConfig !== null) {
    try {
      if (configText(parseRemotesConfig(JSON.parse(config))) !== remotesConfig) announce();
    } catch {
      // A broken config is the fallback card's business, not a new version.
    }
  }
  for (const [entry, loaded] of loadedRemotes) {
    const now = await fetchText(entry);
    if (now !== null && now !== loaded) announce();
  }
}

// One check per navigation, each after the one before: a navigation made while an earlier check
// is still on its way gets a check of its own, started after the redeployment it must see (sharing
// the earlier one could answer with what the server said before).
let checks: Promise<void> = Promise.resolve();

export function checkForDeployment(): Promise<void> {
  checks = checks.then(check, check);
  return checks;
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
