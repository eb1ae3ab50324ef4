import { REMOTES_CONFIG_PATH } from '@district/contracts';

interface RemoteEntryConfig {
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

let pending: Promise<RemotesConfig> | null = null;

// The gateway's runtime remote config (plain JSON; the federation runtime is not needed to read
// it). A failure is forgotten so the next call (the fallback card's Retry) fetches again.
export function loadRemotesConfig(): Promise<RemotesConfig> {
  pending ??= fetch(REMOTES_CONFIG_PATH, { credentials: 'same-origin', cache: 'no-cache' })
    .then(async (res) => {
      if (!res.ok) throw new Error(`${res.status}: remote configuration unavailable`);
      return parseConfig(await res.json());
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
