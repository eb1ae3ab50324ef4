import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  APP_ROUTES,
  DISTRICT_TIME_ZONE,
  englishNotificationTexts,
  EVENT_TYPES,
  notificationMessage,
  type NotificationMessage,
} from '@district/contracts';
import { OutboxService } from '@district/service-kit';
import { OpportunitiesRepository } from './opportunities.repository';
import type { OpportunityEntity } from './opportunity.entity';

type Placed = Pick<OpportunityEntity, 'title' | 'location' | 'date' | 'endsAt'>;

// Issue 18: the students signed up for an opportunity hear that it moved (time or place): one
// notification.requested in the edit's own transaction, shown as a toast by svc-content and
// mailed to each of them by svc-auth (email: true; only svc-auth holds addresses, see
// docs/decisions.md "Mail to users goes through svc-auth").
@Injectable()
export class OpportunityChangeNotice {
  constructor(
    private readonly opportunities: OpportunitiesRepository,
    private readonly outbox: OutboxService,
  ) {}

  async announce(
    manager: EntityManager,
    change: { id: number; before: Placed; after: Placed },
  ): Promise<void> {
    const userIds = await this.opportunities.signedUpStudentIds(manager, change.id);
    if (userIds.length === 0) return;
    const message = opportunityChangedMessage(change.before, change.after);
    await this.outbox.add(manager, EVENT_TYPES.notificationRequested, {
      userIds,
      kind: 'opportunity.changed',
      // Issue 22: each reader gets it in their language; title and body stay the English.
      ...englishNotificationTexts(message),
      message,
      path: APP_ROUTES.volunteer,
      opportunityId: change.id,
      email: true,
    });
  }
}

// Times in the district's zone: the server does not know each reader's (the cards use the
// browser's). The renderer writes them in the reader's language.
function opportunityChangedMessage(
  before: Placed,
  after: Placed,
): NotificationMessage<'opportunityChanged'> {
  return notificationMessage('opportunityChanged', {
    title: after.title,
    location: after.location,
    startsAt: after.date.toISOString(),
    endsAt: after.endsAt.toISOString(),
    wasLocation: before.location,
    wasStartsAt: before.date.toISOString(),
    wasEndsAt: before.endsAt.toISOString(),
    timeZone: DISTRICT_TIME_ZONE,
  });
}
