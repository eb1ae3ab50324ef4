import { createInstance } from '@module-federation/enhanced/runtime';
import remoteFallbackPlugin from './fallback-plugin';
import { loadRemotesConfig, type RemotesConfig } from './remotes-config';
import { sharedModules } from './shared-modules';

// The federation runtime, started the first time the user opens a remote area (this module is
// only reached through the lazy RemotePage), never on the sign-in screen.
export const federation = createInstance({
  name: 'shell',
  remotes: [],
  shared: sharedModules(),
  // Reuse what the shell already loaded; never fetch every remote entry at start-up.
  shareStrategy: 'loaded-first',
  plugins: [remoteFallbackPlugin()],
});

let registered: Promise<RemotesConfig> | null = null;

// Where the remotes live is known only at run time (DESIGN rule 7): read the gateway's config and
// register it. Registering fetches nothing; a remote's manifest and entry load on first loadRemote.
export function ensureRemotesRegistered(): Promise<RemotesConfig> {
  registered ??= loadRemotesConfig()
    .then((config) => {
      federation.registerRemotes(config.remotes, { force: true });
      return config;
    })
    .catch((error: unknown) => {
      // Let the next attempt (the fallback card's Retry) fetch the config again.
      registered = null;
      throw error;
    });
  return registered;
}
