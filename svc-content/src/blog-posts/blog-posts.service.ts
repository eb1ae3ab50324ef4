import {
  ConflictException,
  ForbiddenException,
  HttpException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  API_MESSAGES,
  CONSENT_MESSAGES,
  PAGE_SIZE_DEFAULT,
  type BlogListQuery,
  type BlogPost,
  type BlogPostInput,
  type Page,
  type ReviewDecision,
} from '@district/contracts';
import {
  AuditService,
  withTransaction,
  type CachedList,
  type Identity,
} from '@district/service-kit';
import { BlogListCache } from './blog-list.cache';
import { toBlogPost } from './blog-post-view';
import { BlogPostsRepository, type ListKind } from './blog-posts.repository';

@Injectable()
export class BlogPostsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly posts: BlogPostsRepository,
    private readonly cache: BlogListCache,
    private readonly audit: AuditService,
  ) {}

  // The plain call (the spec's contract): every post the viewer may see, as gzip JSON bytes.
  // One indexed lookup per request; the list itself is read only after a change.
  async fullList(viewer: Identity): Promise<CachedList> {
    const state = await this.posts.readListState(viewer);
    const kind: ListKind = viewer.isAdmin
      ? { key: 'all' }
      : state.ownHidden
        ? { key: `author:${viewer.id}`, authorId: viewer.id }
        : { key: 'approved' };
    return this.cache.read(
      kind.key,
      async () => {
        const { version, rows } = await withTransaction(this.dataSource, (manager) =>
          this.posts.readListSnapshot(manager, kind),
        );
        return { version, value: rows.map(toBlogPost) };
      },
      state.version,
    );
  }

  // ?page/?pageSize: one page of the same list, newest first, with the total.
  async page(viewer: Identity, query: BlogListQuery): Promise<Page<BlogPost>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
    const { rows, total } = await this.posts.findPage(viewer, {
      status: query.status,
      page,
      pageSize,
    });
    return { items: rows.map(toBlogPost), total, page, pageSize };
  }

  // SPEC §4: a new post is pending, "submitted for review".
  async create(author: Identity, input: BlogPostInput): Promise<BlogPost> {
    // Issue 20: a student under 13 waiting for a guardian's consent does not publish.
    if (await this.posts.isRestrictedAuthor(author.id))
      throw new ForbiddenException(CONSENT_MESSAGES.restrictedBlog);
    const id = await this.posts.insertPost({
      title: input.title,
      content: input.content,
      authorId: author.id,
    });
    return toBlogPost(await this.posts.findView(id));
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
        const found = await this.posts.lockForReview(manager, id);
        if (!found) throw new NotFoundException(API_MESSAGES.blogPostNotFound);
        if (found.status !== 'pending')
          throw new ConflictException(API_MESSAGES.postAlreadyReviewed(found.status));
        await this.posts.markReviewed(manager, id, status);
        const row = await this.posts.findView(id, manager);
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
