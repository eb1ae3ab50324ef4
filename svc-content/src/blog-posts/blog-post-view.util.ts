import type { BlogPost, ReviewStatus } from '@district/contracts';

// One row of the list query: the post joined with its author's replica row (null once deleted).
export interface BlogPostRow {
  id: number;
  title: string;
  content: string;
  status: ReviewStatus;
  createdAt: Date;
  updatedAt: Date;
  authorName: string | null;
  authorAvatarUrl: string | null;
}

// Columns of BlogPostRow, for a post aliased `p` left-joined to live users aliased `u`.
export const BLOG_POST_COLUMNS = `p."id", p."title", p."content", p."status",
  p."created_at" AS "createdAt", p."updated_at" AS "updatedAt",
  u."name" AS "authorName", u."avatar_url" AS "authorAvatarUrl"`;

// A deleted author keeps a tombstone row; it must read as no author at all.
export const AUTHOR_JOIN = `LEFT JOIN "users" u ON u."id" = p."author_id" AND NOT u."deleted"`;

export function toBlogPost(row: BlogPostRow): BlogPost {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    author:
      row.authorName === null ? null : { name: row.authorName, avatarUrl: row.authorAvatarUrl },
  };
}
