import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import { describe, expect, it, jest } from '@jest/globals';
import { gunzipSync } from 'node:zlib';
import type { DataSource, EntityManager } from 'typeorm';
import { API_MESSAGES, CONSENT_MESSAGES, PAGE_SIZE_DEFAULT } from '@district/contracts';
import type { AuditService, Identity } from '@district/service-kit';
import { BlogListCache } from './blog-list.cache';
import type { BlogPostRow } from './blog-post-view';
import type { BlogPostsRepository, ListKind } from './blog-posts.repository';
import { BlogPostsService } from './blog-posts.service';

const STUDENT: Identity = { id: 101, isAdmin: false, isSupervisor: false } as Identity;
const ADMIN: Identity = { id: 301, isAdmin: true, isSupervisor: false } as Identity;

function row(overrides: Partial<BlogPostRow> = {}): BlogPostRow {
  return {
    id: 1,
    title: 'Our Saturday at the Food Bank',
    content: 'x'.repeat(100),
    status: 'pending',
    createdAt: new Date('2031-01-02T03:04:05.000Z'),
    updatedAt: new Date('2031-01-02T03:04:05.000Z'),
    authorName: 'Ada',
    authorAvatarUrl: null,
    ...overrides,
  };
}

function setup(
  options: {
    version?: bigint;
    ownHidden?: boolean;
    restricted?: boolean;
    locked?: { id: number; status: BlogPostRow['status']; title: string } | null;
  } = {},
) {
  const manager = { tag: 'transaction manager' } as unknown as EntityManager;
  const dataSource = {
    transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
  };
  const posts: jest.Mocked<
    Pick<
      BlogPostsRepository,
      | 'readListState'
      | 'readListSnapshot'
      | 'findPage'
      | 'insertPost'
      | 'isRestrictedAuthor'
      | 'lockForReview'
      | 'markReviewed'
      | 'findView'
    >
  > = {
    readListState: jest.fn(async () => ({
      version: options.version ?? 3n,
      ownHidden: options.ownHidden ?? false,
    })),
    readListSnapshot: jest.fn(async () => ({
      version: options.version ?? 3n,
      rows: [row({ status: 'approved' })],
    })),
    findPage: jest.fn(async () => ({ rows: [row()], total: 41 })),
    insertPost: jest.fn(async () => 7),
    isRestrictedAuthor: jest.fn(async () => options.restricted ?? false),
    lockForReview: jest.fn(async () =>
      options.locked === undefined ? { id: 7, status: 'pending', title: 'T' } : options.locked,
    ),
    markReviewed: jest.fn(async () => undefined),
    findView: jest.fn(async (id: number) => row({ id, status: 'approved' })),
  };
  const audit: jest.Mocked<Pick<AuditService, 'record' | 'recordFailure'>> = {
    record: jest.fn(async () => 'audit-id'),
    recordFailure: jest.fn(async () => 'audit-id'),
  };
  const sut = new BlogPostsService(
    dataSource as unknown as DataSource,
    posts as unknown as BlogPostsRepository,
    new BlogListCache(),
    audit as unknown as AuditService,
  );
  return { sut, posts, audit, dataSource, manager };
}

const kindRead = (posts: ReturnType<typeof setup>['posts']) =>
  posts.readListSnapshot.mock.calls.map(([, kind]) => kind as ListKind);

describe(BlogPostsService.name, () => {
  describe('fullList', () => {
    it('gives readers without hidden posts the shared approved list, read once per version', async () => {
      const { sut, posts, dataSource } = setup();
      const first = await sut.fullList(STUDENT);
      const second = await sut.fullList({ ...STUDENT, id: 102 });
      expect(kindRead(posts)).toEqual([{ key: 'approved' }]);
      // The snapshot is read in a transaction of its own (withTransaction).
      expect(dataSource.transaction).toHaveBeenCalledTimes(1);
      expect(second).toBe(first);
      expect(JSON.parse(gunzipSync(first.gzip).toString('utf8'))).toEqual([
        expect.objectContaining({
          id: 1,
          status: 'approved',
          author: { name: 'Ada', avatarUrl: null },
        }),
      ]);
      expect(first.etag).toMatch(/^"blog-posts-approved-/);
      expect(first.version).toBe(3n);
    });

    it('gives an author with pending or rejected posts a list of their own', async () => {
      const { sut, posts } = setup({ ownHidden: true });
      const list = await sut.fullList(STUDENT);
      expect(kindRead(posts)).toEqual([{ key: 'author:101', authorId: 101 }]);
      expect(list.etag).toMatch(/^"blog-posts-author:101-/);
    });

    it('gives admins the list of every post', async () => {
      const { sut, posts } = setup();
      await sut.fullList(ADMIN);
      expect(kindRead(posts)).toEqual([{ key: 'all' }]);
    });

    it('reads the list again once the database version moved past the cached one', async () => {
      const { sut, posts } = setup();
      await sut.fullList(STUDENT);
      posts.readListState.mockResolvedValueOnce({ version: 4n, ownHidden: false });
      posts.readListSnapshot.mockResolvedValueOnce({ version: 4n, rows: [] });
      const list = await sut.fullList(STUDENT);
      expect(posts.readListSnapshot).toHaveBeenCalledTimes(2);
      expect(list.version).toBe(4n);
      expect(gunzipSync(list.gzip).toString('utf8')).toBe('[]');
    });
  });

  describe('page', () => {
    it('defaults to page 1 of PAGE_SIZE_DEFAULT and passes the status filter on', async () => {
      const { sut, posts } = setup();
      const page = await sut.page(STUDENT, { status: 'pending' });
      expect(posts.findPage).toHaveBeenCalledWith(STUDENT, {
        status: 'pending',
        page: 1,
        pageSize: PAGE_SIZE_DEFAULT,
      });
      expect(page).toMatchObject({ total: 41, page: 1, pageSize: PAGE_SIZE_DEFAULT });
      expect(page.items).toHaveLength(1);
    });
  });

  describe('create', () => {
    it('stores the post under the caller and answers it as the list shows it', async () => {
      const { sut, posts } = setup();
      const created = await sut.create(STUDENT, { title: 'Hello there', content: 'c'.repeat(100) });
      expect(posts.insertPost).toHaveBeenCalledWith({
        title: 'Hello there',
        content: 'c'.repeat(100),
        authorId: 101,
      });
      expect(created.id).toBe(7);
    });

    it('refuses a student waiting for consent with 403 and stores nothing', async () => {
      const { sut, posts } = setup({ restricted: true });
      const attempt = sut.create(STUDENT, { title: 'Hello there', content: 'c'.repeat(100) });
      await expect(attempt).rejects.toThrow(ForbiddenException);
      await expect(attempt).rejects.toThrow(CONSENT_MESSAGES.restrictedBlog);
      expect(posts.insertPost).not.toHaveBeenCalled();
    });
  });

  describe('review', () => {
    it('moves a pending post and audits the move in the same transaction', async () => {
      const { sut, posts, audit, manager } = setup();
      const post = await sut.review(7, 'approved', 301);
      expect(post.status).toBe('approved');
      expect(posts.lockForReview).toHaveBeenCalledWith(manager, 7);
      expect(posts.markReviewed).toHaveBeenCalledWith(manager, 7, 'approved');
      expect(audit.record).toHaveBeenCalledWith(manager, {
        actorId: 301,
        action: 'blog.approve',
        target: { type: 'blog-post', id: 7 },
        outcome: 'success',
        detail: { title: 'T', from: 'pending', to: 'approved' },
      });
      expect(audit.recordFailure).not.toHaveBeenCalled();
    });

    it('answers 404 for an unknown post and records one failure', async () => {
      const { sut, posts, audit } = setup({ locked: null });
      await expect(sut.review(9, 'rejected', 301)).rejects.toThrow(NotFoundException);
      expect(posts.markReviewed).not.toHaveBeenCalled();
      expect(audit.record).not.toHaveBeenCalled();
      expect(audit.recordFailure).toHaveBeenCalledWith({
        actorId: 301,
        action: 'blog.reject',
        target: { type: 'blog-post', id: 9 },
        detail: { reason: API_MESSAGES.blogPostNotFound, status: 404 },
      });
    });

    it('answers 409 for a post already reviewed and moves nothing', async () => {
      const { sut, posts, audit } = setup({ locked: { id: 7, status: 'rejected', title: 'T' } });
      await expect(sut.review(7, 'approved', 301)).rejects.toThrow(ConflictException);
      expect(posts.markReviewed).not.toHaveBeenCalled();
      expect(audit.recordFailure).toHaveBeenCalledWith(
        expect.objectContaining({
          action: 'blog.approve',
          detail: { reason: API_MESSAGES.postAlreadyReviewed('rejected'), status: 409 },
        }),
      );
    });

    it('records no failure for an error that is not a refusal', async () => {
      const { sut, posts, audit } = setup();
      posts.markReviewed.mockRejectedValueOnce(new Error('connection lost'));
      await expect(sut.review(7, 'approved', 301)).rejects.toThrow('connection lost');
      expect(audit.recordFailure).not.toHaveBeenCalled();
    });
  });
});
