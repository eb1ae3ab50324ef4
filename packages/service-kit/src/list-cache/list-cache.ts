import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

// A list response encoded and compressed once per change, not per request, as sendCachedList
// answers it (the ListCache's entries, or a body a service keeps itself, like the directory's).
export interface CachedBody {
  // Browsers take the gzip bytes as they are.
  gzip: Buffer;
  // Strong tag of the JSON bytes; the gzip representation is tagged `"….gz"` (listEtag).
  etag: string;
  // The JSON bytes, when the owner keeps them; else the rare client that refuses gzip gets the
  // gzip bytes inflated (listJson).
  json?: Buffer;
}

export interface CachedList extends CachedBody {
  // The change this list reflects (a version row's value), or 0n under a signal.
  version: bigint;
  // Only the gzip bytes are kept (a 1.5 MB list is a few hundred KB). The tag: list name, key and
  // a hash of the JSON bytes (so equal on every replica and after a restart).
}

// What tells a cache that the data behind its lists changed (PostgreSQL LISTEN/NOTIFY, Redis
// pub/sub, ...). While `live` is false nothing is stored: every request reads through.
export interface ListCacheSignal {
  readonly live: boolean;
  // Calls `changed` after every committed change; answers an unsubscribe.
  subscribe(changed: () => void): () => void;
}

export interface ListCacheOptions {
  // Part of every ETag, so two lists never share a tag.
  name: string;
  // Least recently used entries beyond this are dropped.
  maxEntries?: number;
  // Omit when callers pass the version they read (read()'s `minVersion`) instead.
  signal?: ListCacheSignal;
  // Keep the JSON beside the gzip bytes: for a small list read hot by clients that take no gzip
  // (the opportunity list: 753 req/s inflating per request against 3,561 kept, issue 16).
  keepJson?: boolean;
}

export interface ListLoad {
  // The version the value was read at (the version-row scheme); omit under a signal.
  version?: bigint;
  value: unknown;
}

// One process's cache of list responses by key (kind of reader, filters...). Two ways to stay
// exact across replicas: a version the caller reads on every request (`minVersion`: an entry
// older than it is rebuilt) or a signal that drops every entry on a change.
export class ListCache {
  private readonly entries = new Map<string, CachedList>();
  private readonly building = new Map<string, Promise<CachedList>>();
  private readonly maxEntries: number;
  // Bumped by every change signal; a build that started before a bump is not stored.
  private generation = 0;
  private readonly unsubscribe?: () => void;

  constructor(private readonly options: ListCacheOptions) {
    this.maxEntries = options.maxEntries ?? 64;
    this.unsubscribe = options.signal?.subscribe(() => this.invalidate());
  }

  get size(): number {
    return this.entries.size;
  }

  // The list for `key`, built by `load` on a miss (once for concurrent callers).
  async read(key: string, load: () => Promise<ListLoad>, minVersion = 0n): Promise<CachedList> {
    const hit = this.storing ? this.entries.get(key) : undefined;
    if (hit && hit.version >= minVersion) {
      // Least recently used goes first: re-insert on every hit.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = this.building.get(key);
    if (pending) {
      const built = await pending;
      if (built.version >= minVersion) return built;
    }
    const build = this.build(key, load).finally(() => {
      if (this.building.get(key) === build) this.building.delete(key);
    });
    this.building.set(key, build);
    return build;
  }

  // Drops every entry (a signal's change, or the process's own write).
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  close(): void {
    this.unsubscribe?.();
    this.entries.clear();
  }

  private get storing(): boolean {
    return this.options.signal?.live ?? true;
  }

  private async build(key: string, load: () => Promise<ListLoad>): Promise<CachedList> {
    const generation = this.generation;
    const { version = 0n, value } = await load();
    const json = Buffer.from(JSON.stringify(value));
    const hash = createHash('sha256').update(json).digest('base64url').slice(0, 27);
    const entry: CachedList = {
      version,
      gzip: await gzipAsync(json),
      // The key too: readers of another kind never revalidate against this list.
      etag: `"${this.options.name}-${key.replace(/[^\x21\x23-\x7e]/g, '_')}-${hash}"`,
      ...(this.options.keepJson ? { json } : {}),
    };
    const current = this.entries.get(key);
    // Builds may finish out of order; never replace a newer list with an older one, nor store
    // one read before a change signal.
    const fresh = generation === this.generation && (!current || current.version <= version);
    if (this.storing && fresh) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      while (this.entries.size > this.maxEntries) {
        this.entries.delete(this.entries.keys().next().value as string);
      }
    }
    return entry;
  }
}

// The JSON bytes of a cached body.
export async function listJson(list: CachedBody): Promise<Buffer> {
  return list.json ?? gunzipAsync(list.gzip);
}
