import { Injectable } from '@nestjs/common';
import { ListCache } from '@district/service-kit';

// How many lists one process keeps: the shared approved list, the admins' list and one per
// author who has pending or rejected posts. A 2,000-post list is a few hundred KB gzip.
const BLOG_LIST_CACHE_ENTRIES = 64;

// The full list is the same bytes for every reader of one kind until something changes, and
// serialising plus compressing ~1.5 MB of JSON costs far more than the query: the kit's list
// cache keeps the bytes per kind of reader, stamped with the database's list version. Every
// replica reads the version on each request (the version-row scheme, no signal), so no replica
// serves a list older than the last committed change.
@Injectable()
export class BlogListCache extends ListCache {
  constructor() {
    super({ name: 'blog-posts', maxEntries: BLOG_LIST_CACHE_ENTRIES });
  }
}
