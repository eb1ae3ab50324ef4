import { Injectable } from '@nestjs/common';
import {
  EVENT_TYPES,
  opportunityCreatedPayloadSchema,
  type NotificationRequestedPayload,
} from '@district/contracts';
import { currentTrace, HandleEvent, type EventContext } from '@district/service-kit';
import { NotificationSignalService } from './notification-signal.service';
import { NotificationsRepository } from './notifications.repository';

// Turns opportunity.created into a feed item, and notification.requested into personal ones. Runs in the consumer's transaction together with
// its processed_events row, so a redelivered event adds nothing.
@Injectable()
export class NotificationsHandler {
  constructor(
    private readonly feed: NotificationsRepository,
    private readonly signal: NotificationSignalService,
  ) {}

  @HandleEvent(EVENT_TYPES.opportunityCreated)
  async onOpportunityCreated(payload: unknown, { manager }: EventContext): Promise<void> {
    const opportunity = opportunityCreatedPayloadSchema.parse(payload);
    // A weekly series is announced once, by its first date (the later dates travel for svc-hours).
    if (!opportunity.announce) return;
    await this.feed.lockItemOrder(manager);
    const id = await this.feed.insertItem(manager, {
      title: opportunity.title,
      location: opportunity.location,
      opportunityId: opportunity.id,
      // Issue 21: the consumer runs in the writer's trace; the browser receives its id.
      traceId: currentTrace()?.traceId ?? null,
    });
    if (id !== undefined) this.signal.afterCommit(manager, id);
  }

  // Issue 18: a personal toast, one item per recipient; the feed hands each to its recipient
  // only. (svc-auth mails it when email is true.)
  @HandleEvent(EVENT_TYPES.notificationRequested)
  async onNotificationRequested(
    payload: NotificationRequestedPayload,
    { manager }: EventContext,
  ): Promise<void> {
    await this.feed.lockItemOrder(manager);
    const id = await this.feed.insertPersonal(manager, payload.userIds, {
      kind: payload.kind,
      title: payload.title,
      body: payload.body,
      path: payload.path,
      opportunityId: payload.opportunityId,
      traceId: currentTrace()?.traceId ?? null,
      message: payload.message ?? null,
    });
    this.signal.afterCommit(manager, id);
  }
}
