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
