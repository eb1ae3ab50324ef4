import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ReviewStatus } from '@district/contracts';

// SPEC §3 blog_posts. Indexes as the first migration created them (DESC there; PostgreSQL reads
// a btree either way, and TypeORM's @Index has no column order, so the entity lists the columns).
@Entity({ name: 'blog_posts' })
// The list everyone sees: approved posts, newest first.
@Index('blog_posts_status_created_idx', ['status', 'createdAt', 'id'])
// An author's own posts (pending and rejected ones included), newest first.
@Index('blog_posts_author_created_idx', ['authorId', 'createdAt', 'id'])
// The admin's list: every post, newest first.
@Index('blog_posts_created_idx', ['createdAt', 'id'])
// SPEC §5/§9 held by the database too.
@Check('blog_posts_title_check', `char_length(btrim("title")) >= 5`)
@Check('blog_posts_content_check', `char_length(btrim("content")) >= 100`)
@Check('blog_posts_status_check', `"status" IN ('pending', 'approved', 'rejected')`)
export class BlogPostEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  // Plain text as the author typed it; never HTML.
  @Column({ type: 'text' })
  content!: string;

  @Column({ name: 'author_id', type: 'integer' })
  authorId!: number;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: ReviewStatus;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
