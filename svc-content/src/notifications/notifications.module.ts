import { Module } from '@nestjs/common';
import { NotificationFeedService } from './notification-feed.service';
import { NotificationSignalService } from './notification-signal.service';
import { NotificationStreamsService } from './notification-streams.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsHandler } from './notifications.handler';

// The notifications feed (DESIGN rule 6): consumes opportunity.created, serves
// GET /api/notifications and the SSE push channel. The EventsModule discovers the handler.
@Module({
  controllers: [NotificationsController],
  providers: [
    NotificationFeedService,
    NotificationSignalService,
    NotificationStreamsService,
    NotificationsHandler,
  ],
})
export class NotificationsModule {}
