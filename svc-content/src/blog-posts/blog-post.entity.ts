import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ReviewStatus } from '@district/contracts';

// SPEC §3 blog_posts. The table comes from migrations; this mapping documents it for TypeORM.
@Entity({ name: 'blog_posts' })
export class BlogPostEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

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
