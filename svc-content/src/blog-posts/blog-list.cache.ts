import { Injectable } from '@nestjs/common';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

// How many lists one process keeps: the shared approved list, the admins' list and one per
// author who has pending or rejected posts. A 2,000-post list is a few hundred KB gzip.
export const BLOG_LIST_CACHE_ENTRIES = 64;

export interface BlogListSnapshot {
  // list_versions.version of the snapshot the JSON was read in.
  version: bigint;
  json: string;
}

export interface CachedBlogList {
  version: bigint;
  gzip: Buffer;
  // Weak: the gzip and plain forms are the same list. Reader kind + version name the bytes, so
  // equal tags mean equal lists even for another user of the same browser.
  etag: string;
}

// The full list is the same bytes for every reader of one kind until something changes, and
// serialising plus compressing ~1.5 MB of JSON costs far more than the query: keep the gzip
// bytes per kind of reader, tagged with the database's list version. Every replica checks the
// version on each request, so no replica serves a list older than the last committed change.
@Injectable()
export class BlogListCache {
  private readonly entries = new Map<string, CachedBlogList>();
  private readonly building = new Map<string, Promise<CachedBlogList>>();

  // The cached list for `key` if it is at least `version`, else built (once for concurrent callers).
  async get(
    key: string,
    version: bigint,
    read: () => Promise<BlogListSnapshot>,
  ): Promise<CachedBlogList> {
    const hit = this.entries.get(key);
    if (hit && hit.version >= version) {
      // Least recently used goes first: re-insert on every hit.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = this.building.get(key);
    if (pending) {
      const built = await pending;
      if (built.version >= version) return built;
    }
    const build = this.build(key, read).finally(() => {
      if (this.building.get(key) === build) this.building.delete(key);
    });
    this.building.set(key, build);
    return build;
  }

  private async build(key: string, read: () => Promise<BlogListSnapshot>): Promise<CachedBlogList> {
    const snapshot = await read();
    const entry: CachedBlogList = {
      version: snapshot.version,
      gzip: await gzipAsync(snapshot.json),
      etag: `W/"blog-posts-${key}-${snapshot.version}"`,
    };
    const current = this.entries.get(key);
    // Builds may finish out of order; never replace a newer list with an older one.
    if (!current || current.version <= entry.version) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      while (this.entries.size > BLOG_LIST_CACHE_ENTRIES) {
        const oldest = this.entries.keys().next().value as string;
        this.entries.delete(oldest);
      }
    }
    return entry;
  }
}
