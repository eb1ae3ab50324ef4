import { ConflictException, HttpException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  API_MESSAGES,
  PAGE_SIZE_DEFAULT,
  type BlogListQuery,
  type BlogPost,
  type BlogPostInput,
  type Page,
  type ReviewDecision,
  type ReviewStatus,
} from '@district/contracts';
import {
  AuditService,
  inSnapshot,
  queryRows,
  withTransaction,
  type Identity,
} from '@district/service-kit';
import { BlogListCache, type CachedBlogList } from './blog-list-cache.service';
import {
  AUTHOR_JOIN,
  BLOG_POST_COLUMNS,
  toBlogPost,
  type BlogPostRow,
} from './blog-post-view.util';

const NEWEST_FIRST = `ORDER BY p."created_at" DESC, p."id" DESC`;

// Everyone sees approved posts; authors also their own pending and rejected ones; admins all.
function visibility(viewer: Identity, param: string): string {
  return viewer.isAdmin ? 'TRUE' : `(p."status" = 'approved' OR p."author_id" = ${param})`;
}

// Which full list a reader gets: readers of one kind get the same bytes.
type ListKind = { key: 'all' } | { key: 'approved' } | { key: string; authorId: number };

@Injectable()
export class BlogPostsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: BlogListCache,
    private readonly audit: AuditService,
  ) {}

  // The plain call (the spec's contract): every post the viewer may see, as gzip JSON bytes.
  // One indexed lookup per request; the list itself is read only after a change.
  async fullList(viewer: Identity): Promise<CachedBlogList> {
    const [state] = await queryRows<{ version: string; ownHidden: boolean }>(
      this.dataSource,
      `SELECT "version", (NOT $1 AND EXISTS (
           SELECT 1 FROM "blog_posts" WHERE "author_id" = $2 AND "status" <> 'approved')) AS "ownHidden"
         FROM "list_versions" WHERE "name" = 'blog_posts'`,
      [viewer.isAdmin, viewer.id],
    );
    const kind: ListKind = viewer.isAdmin
      ? { key: 'all' }
      : state.ownHidden
        ? { key: `author:${viewer.id}`, authorId: viewer.id }
        : { key: 'approved' };
    return this.cache.get(kind.key, BigInt(state.version), () => this.readList(kind));
  }

  private readList(kind: ListKind) {
    const [where, params] =
      'authorId' in kind
        ? [`(p."status" = 'approved' OR p."author_id" = $1)`, [kind.authorId]]
        : kind.key === 'approved'
          ? [`p."status" = 'approved'`, []]
          : ['TRUE', []];
    return inSnapshot(this.dataSource, async (client) => {
      const version = await client.query<{ version: string }>(
        `SELECT "version" FROM "list_versions" WHERE "name" = 'blog_posts'`,
      );
      const rows = await client.query<BlogPostRow>(
        `SELECT ${BLOG_POST_COLUMNS} FROM "blog_posts" p ${AUTHOR_JOIN} WHERE ${where} ${NEWEST_FIRST}`,
        params,
      );
      return {
        version: BigInt(version.rows[0].version),
        json: JSON.stringify(rows.rows.map(toBlogPost)),
      };
    });
  }

  // ?page/?pageSize: one page of the same list, newest first, with the total.
  async page(viewer: Identity, query: BlogListQuery): Promise<Page<BlogPost>> {
    const params: unknown[] = viewer.isAdmin ? [] : [viewer.id];
    let where = visibility(viewer, '$1');
    if (query.status !== undefined) {
      params.push(query.status);
      where = `${where} AND p."status" = $${params.length}`;
    }
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
    const n = params.length;
    // Two statements side by side: a window count would make PostgreSQL read and sort every
    // visible post, content included, to return twenty; LIMIT alone walks the index.
    const [rows, [counted]] = await Promise.all([
      queryRows<BlogPostRow>(
        this.dataSource,
        `SELECT ${BLOG_POST_COLUMNS} FROM "blog_posts" p ${AUTHOR_JOIN} WHERE ${where} ${NEWEST_FIRST}
          LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, pageSize, (page - 1) * pageSize],
      ),
      queryRows<{ total: string }>(
        this.dataSource,
        `SELECT count(*) AS "total" FROM "blog_posts" p WHERE ${where}`,
        params,
      ),
    ]);
    const total = Number(counted.total);
    return { items: rows.map(toBlogPost), total, page, pageSize };
  }

  // SPEC §4: a new post is pending, "submitted for review".
  async create(author: Identity, input: BlogPostInput): Promise<BlogPost> {
    const [row] = await queryRows<BlogPostRow>(
      this.dataSource,
      `WITH p AS (
         INSERT INTO "blog_posts" ("title", "content", "author_id") VALUES ($1, $2, $3) RETURNING *)
       SELECT ${BLOG_POST_COLUMNS} FROM p ${AUTHOR_JOIN}`,
      [input.title, input.content, author.id],
    );
    return toBlogPost(row);
  }

  // SPEC §4: only a pending post moves, to approved or rejected, once. Issue 9: the move and its
  // audit record commit together; a refusal (404, 409) leaves one failure record and nothing else.
  async review(id: number, status: ReviewDecision, actorId: number): Promise<BlogPost> {
    const entry = {
      actorId,
      action: status === 'approved' ? ('blog.approve' as const) : ('blog.reject' as const),
      target: { type: 'blog-post', id },
    };
    try {
      return await withTransaction(this.dataSource, async (manager) => {
        // Locked, so two admins reviewing the same post at once cannot both succeed.
        const [found] = (await manager.query(
          `SELECT "status", "title" FROM "blog_posts" WHERE "id" = $1 FOR UPDATE`,
          [id],
        )) as Array<{ status: ReviewStatus; title: string }>;
        if (!found) throw new NotFoundException(API_MESSAGES.blogPostNotFound);
        if (found.status !== 'pending')
          throw new ConflictException(
            `${API_MESSAGES.onlyPending}: this post is already ${found.status}`,
          );
        const [row] = (await manager.query(
          `WITH p AS (
             UPDATE "blog_posts" SET "status" = $2, "updated_at" = now()
              WHERE "id" = $1 RETURNING *)
           SELECT ${BLOG_POST_COLUMNS} FROM p ${AUTHOR_JOIN}`,
          [id, status],
        )) as BlogPostRow[];
        await this.audit.record(manager, {
          ...entry,
          outcome: 'success',
          detail: { title: found.title, from: found.status, to: status },
        });
        return toBlogPost(row);
      });
    } catch (error) {
      if (error instanceof HttpException)
        await this.audit.recordFailure({
          ...entry,
          detail: { reason: error.message, status: error.getStatus() },
        });
      throw error;
    }
  }
}
