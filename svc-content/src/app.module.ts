import { EVENT_CONSUMERS, type EventType } from '@district/contracts';
import { defineServiceModule } from '@district/service-kit';
import { BlogPostsModule } from './blog-posts/blog-posts.module';
import { CONTENT_ENTITIES } from './entities';
import { CONTENT_MIGRATIONS } from './migrations';
import { NotificationsModule } from './notifications/notifications.module';
import { BlogPostEntity } from './blog-posts/blog-post.entity';

export const SERVICE = 'svc-content';

// Event types svc-content handles: the user replica and the notifications feed.
const HANDLED_EVENTS: readonly EventType[] = [
  'user.registered',
  'user.updated',
  'user.deleted',
  'opportunity.created',
  // Issue 18: personal toasts.
  'notification.requested',
];

// What the relay sends on: its audit records, to svc-auth (issue 16).
const PRODUCED_EVENTS: readonly EventType[] = ['audit.recorded'];

const routing = Object.fromEntries(
  [...HANDLED_EVENTS, ...PRODUCED_EVENTS].map((type) => [type, EVENT_CONSUMERS[type]]),
);

export const AppModule = defineServiceModule({
  service: SERVICE,
  database: { entities: CONTENT_ENTITIES, migrations: CONTENT_MIGRATIONS },
  routing,
  ownData: [{ name: 'blogPosts', entity: BlogPostEntity, userField: 'authorId' }],
  // Blog posts stay when their author is deleted.
  usersReplica: {},
  features: [BlogPostsModule, NotificationsModule],
});
