import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isRestrictedUser, UserReplicaEntity, type Identity } from '@district/service-kit';
import type { ReviewDecision, ReviewStatus } from '@district/contracts';
import type { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { BlogPostEntity } from './blog-post.entity';
import type { BlogPostRow } from './blog-post-view';
import { ListVersionEntity } from './list-version.entity';

// Columns of BlogPostRow, for a post aliased `p` left-joined to live users aliased `u`: the raw
// form of viewQuery() below, for the full list (bench/blog-list.ts).
const BLOG_POST_COLUMNS = `p."id", p."title", p."content", p."status",
  p."created_at" AS "createdAt", p."updated_at" AS "updatedAt",
  u."name" AS "authorName", u."avatar_url" AS "authorAvatarUrl"`;

// A deleted author keeps a tombstone row; it must read as no author at all. Issue 31: so does an
// author a roster import deactivated (their posts stay, as after a deletion; the name comes back
// with them). The users trigger bumps the list version, so no cached list keeps the name.
const AUTHOR_JOIN = `LEFT JOIN "users" u ON u."id" = p."author_id" AND NOT u."deleted" AND u."active"`;

const NEWEST_FIRST = `ORDER BY p."created_at" DESC, p."id" DESC`;

// Which full list a reader gets: readers of one kind get the same bytes.
export type ListKind = { key: 'all' } | { key: 'approved' } | { key: string; authorId: number };

export interface ListState {
  // list_versions.version of the blog list.
  version: bigint;
  // The viewer (not an admin) has pending or rejected posts of their own.
  ownHidden: boolean;
}

@Injectable()
export class BlogPostsRepository {
  constructor(
    @InjectRepository(BlogPostEntity) private readonly repo: Repository<BlogPostEntity>,
  ) {}

  async readListState(viewer: Identity): Promise<ListState> {
    // raw SQL: one indexed lookup on every GET /api/blog-posts, the hot path measured by
    // bench/blog-list.ts (version and the EXISTS in one round trip).
    const [state]: Array<{ version: string; ownHidden: boolean }> = await this.repo.query(
      `SELECT "version", (NOT $1 AND EXISTS (
           SELECT 1 FROM "blog_posts" WHERE "author_id" = $2 AND "status" <> 'approved')) AS "ownHidden"
         FROM "list_versions" WHERE "name" = 'blog_posts'`,
      [viewer.isAdmin, viewer.id],
    );
    return { version: BigInt(state.version), ownHidden: state.ownHidden };
  }

  // The whole list of one kind and the list version it reflects, read in one snapshot: the
  // caller's transaction (withTransaction) must not have run any statement yet.
  async readListSnapshot(
    manager: EntityManager,
    kind: ListKind,
  ): Promise<{ version: bigint; rows: BlogPostRow[] }> {
    const [where, params] =
      'authorId' in kind
        ? [`(p."status" = 'approved' OR p."author_id" = $1)`, [kind.authorId]]
        : kind.key === 'approved'
          ? [`p."status" = 'approved'`, []]
          : ['TRUE', []];
    // raw SQL: SET TRANSACTION has no TypeORM form; the version and the rows must come from one
    // snapshot, or a list could be cached under a version it does not reflect.
    await manager.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const version = await manager
      .getRepository(ListVersionEntity)
      .findOneOrFail({ select: { version: true }, where: { name: 'blog_posts' } });
    // raw SQL: the full-list query of bench/blog-list.ts (2,000 posts), kept as measured.
    const rows: BlogPostRow[] = await manager.query(
      `SELECT ${BLOG_POST_COLUMNS} FROM "blog_posts" p ${AUTHOR_JOIN} WHERE ${where} ${NEWEST_FIRST}`,
      params,
    );
    return { version: BigInt(version.version), rows };
  }

  // Issue 20: the author waits for a guardian's consent (the replica's flag).
  isRestrictedAuthor(authorId: number): Promise<boolean> {
    return isRestrictedUser(this.repo.manager, authorId);
  }

  // One page of the posts the viewer may see, newest first, and their total.
  async findPage(
    viewer: Identity,
    filter: { status?: ReviewStatus; page: number; pageSize: number },
  ): Promise<{ rows: BlogPostRow[]; total: number }> {
    const visible = (qb: SelectQueryBuilder<BlogPostEntity>) => {
      // Everyone sees approved posts; authors also their own pending and rejected ones; admins all.
      if (!viewer.isAdmin)
        qb.andWhere(`(p.status = 'approved' OR p.authorId = :viewerId)`, { viewerId: viewer.id });
      if (filter.status !== undefined) qb.andWhere('p.status = :status', { status: filter.status });
      return qb;
    };
    // Two statements side by side: a window count would make PostgreSQL read and sort every
    // visible post, content included, to return twenty; LIMIT alone walks the index.
    const [rows, total] = await Promise.all([
      visible(this.viewQuery(this.repo.manager))
        .orderBy('p.createdAt', 'DESC')
        .addOrderBy('p.id', 'DESC')
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize)
        .getRawMany<BlogPostRow>(),
      visible(this.repo.createQueryBuilder('p')).getCount(),
    ]);
    return { rows, total };
  }

  // SPEC §4: a new post is pending (the column's default).
  async insertPost(post: { title: string; content: string; authorId: number }): Promise<number> {
    const { identifiers } = await this.repo.insert(post);
    return (identifiers[0] as { id: number }).id;
  }

  // The post's status and title, its row locked until the caller's transaction ends (two admins
  // reviewing the same post at once cannot both succeed).
  lockForReview(
    manager: EntityManager,
    id: number,
  ): Promise<Pick<BlogPostEntity, 'id' | 'status' | 'title'> | null> {
    return manager.getRepository(BlogPostEntity).findOne({
      select: { id: true, status: true, title: true },
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async markReviewed(manager: EntityManager, id: number, status: ReviewDecision): Promise<void> {
    await manager
      .getRepository(BlogPostEntity)
      .update({ id }, { status, updatedAt: () => 'now()' });
  }

  // One post as the list shows it (in the caller's transaction when given its manager).
  async findView(id: number, manager = this.repo.manager): Promise<BlogPostRow> {
    const row = await this.viewQuery(manager).where('p.id = :id', { id }).getRawOne<BlogPostRow>();
    return row!;
  }

  // The post joined with its author's live replica row: the columns of BlogPostRow (as
  // BLOG_POST_COLUMNS and AUTHOR_JOIN above).
  private viewQuery(manager: EntityManager): SelectQueryBuilder<BlogPostEntity> {
    return (
      manager
        .getRepository(BlogPostEntity)
        .createQueryBuilder('p')
        // A deleted (or deactivated) author keeps a row; it must read as no author at all.
        .leftJoin(UserReplicaEntity, 'u', 'u.id = p.authorId AND NOT u.deleted AND u.active')
        .select('p.id', 'id')
        .addSelect('p.title', 'title')
        .addSelect('p.content', 'content')
        .addSelect('p.status', 'status')
        .addSelect('p.createdAt', 'createdAt')
        .addSelect('p.updatedAt', 'updatedAt')
        .addSelect('u.name', 'authorName')
        .addSelect('u.avatarUrl', 'authorAvatarUrl')
    );
  }
}
