import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotificationCursorEntity } from './notification-cursor.entity';
import { NotificationItemEntity } from './notification-item.entity';
import { NotificationFeedService } from './notification-feed.service';
import { NotificationSignalService } from './notification-signal.service';
import { NotificationStreamsService } from './notification-streams.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsHandler } from './notifications.handler';
import { NotificationsRepository } from './notifications.repository';

// The notifications feed (DESIGN rule 6): consumes opportunity.created, serves
// GET /api/notifications and the SSE push channel. The EventsModule discovers the handler.
@Module({
  imports: [TypeOrmModule.forFeature([NotificationItemEntity, NotificationCursorEntity])],
  controllers: [NotificationsController],
  providers: [
    NotificationFeedService,
    NotificationSignalService,
    NotificationStreamsService,
    NotificationsHandler,
    NotificationsRepository,
  ],
})
export class NotificationsModule {}
