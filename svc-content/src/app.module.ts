import { Module, type DynamicModule } from '@nestjs/common';
import { EVENT_CONSUMERS, type EventType } from '@district/contracts';
import {
  AuditModule,
  DatabaseModule,
  EventsModule,
  UsersReplicaModule,
  type EventsModuleOptions,
  OwnDataExportModule,
} from '@district/service-kit';
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

export interface AppModuleOptions {
  events?: EventsModuleOptions;
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forRoot({ entities: CONTENT_ENTITIES, migrations: CONTENT_MIGRATIONS }),
        // Issue 20: this service's part of a student's data export (svc-auth assembles it).
        OwnDataExportModule.forRoot({
          service: 'svc-content',
          parts: [{ name: 'blogPosts', entity: BlogPostEntity, userField: 'authorId' }],
        }),
        // Consumer of user.* (the replica) and opportunity.created (notifications); relay of its
        // audit.recorded events.
        EventsModule.forRoot({ service: SERVICE, routing, ...options.events }),
        // Privileged actions go to svc-auth's trail as audit.recorded events (issues 9, 16).
        AuditModule.forRoot(),
        BlogPostsModule,
        UsersReplicaModule.forRoot(),
        NotificationsModule,
      ],
    };
  }
}
