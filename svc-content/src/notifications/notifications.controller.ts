import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnyNotificationItem } from '@district/contracts';
import { CurrentUser, type Identity } from '@district/service-kit';
import { NotificationFeedService } from './notification-feed.service';
import { NotificationStreamsService } from './notification-streams.service';

// Any signed-in user (the gateway's identity token is required on both routes).
@Controller('api/notifications')
export class NotificationsController {
  constructor(
    private readonly feed: NotificationFeedService,
    private readonly streams: NotificationStreamsService,
  ) {}

  // SPEC §7: polled every 30 s. Each item is in exactly one answer per user.
  @Get()
  @Header('cache-control', 'no-store')
  list(@CurrentUser() user: Identity): Promise<AnyNotificationItem[]> {
    return this.feed.take(user.id);
  }

  // Beyond the spec: the same items pushed as Server-Sent Events, one stream per browser.
  @Get('stream')
  async stream(
    @CurrentUser() user: Identity,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // The response is ours from here on; Fastify must not answer or time it out.
    reply.hijack();
    await this.streams.open(user.id, request.raw, reply.raw);
  }
}
