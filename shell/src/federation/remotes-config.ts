import { REMOTES_CONFIG_PATH } from '@district/contracts';
import { registerRemotes } from '@module-federation/enhanced/runtime';

export interface RemoteEntryConfig {
  name: string;
  // URL of the remote's mf-manifest.json (or remoteEntry.js).
  entry: string;
}

export interface RemotesConfig {
  remotes: RemoteEntryConfig[];
}

function parseConfig(value: unknown): RemotesConfig {
  const remotes = (value as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) throw new Error('remotes.json: "remotes" must be an array');
  return {
    remotes: remotes.map((r: { name?: unknown; entry?: unknown }) => {
      if (typeof r?.name !== 'string' || typeof r?.entry !== 'string') {
        throw new Error('remotes.json: every remote needs a string "name" and "entry"');
      }
      return { name: r.name, entry: r.entry };
    }),
  };
}

let registration: Promise<RemotesConfig> | null = null;

// Where the remotes live is known only at run time (DESIGN rule 7): read the gateway's config and
// register it. Registering fetches nothing; a remote's manifest and entry load on first loadRemote.
export function ensureRemotesRegistered(): Promise<RemotesConfig> {
  registration ??= fetch(REMOTES_CONFIG_PATH, { credentials: 'same-origin', cache: 'no-cache' })
    .then(async (res) => {
      if (!res.ok) throw new Error(`${res.status}: remote configuration unavailable`);
      const config = parseConfig(await res.json());
      registerRemotes(config.remotes, { force: true });
      return config;
    })
    .catch((error: unknown) => {
      // Let the next attempt (the fallback card's Retry) fetch the config again.
      registration = null;
      throw error;
    });
  return registration;
}
