import { UserReplicaEntity } from '@district/service-kit';
import { BlogPostEntity } from './blog-posts/blog-post.entity';
import { ListVersionEntity } from './blog-posts/list-version.entity';
import { NotificationCursorEntity } from './notifications/notification-cursor.entity';
import { NotificationItemEntity } from './notifications/notification-item.entity';

// Every entity of the content schema; feature folders (blog-posts, notifications, …) add theirs.
export const CONTENT_ENTITIES = [
  BlogPostEntity,
  ListVersionEntity,
  NotificationItemEntity,
  NotificationCursorEntity,
  UserReplicaEntity,
];
