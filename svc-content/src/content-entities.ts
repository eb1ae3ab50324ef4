import { BlogPostEntity } from './blog-posts/blog-post.entity';
import { UserReplicaEntity } from '@district/service-kit';

// Every entity of the content schema; feature folders (blog-posts, notifications, …) add theirs.
export const CONTENT_ENTITIES = [BlogPostEntity, UserReplicaEntity];
