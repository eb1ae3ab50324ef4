import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_ROUTES, DISTRICT_TIME_ZONE, EVENT_TYPES } from '@district/contracts';
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
    await this.outbox.add(manager, EVENT_TYPES.notificationRequested, {
      userIds,
      kind: 'opportunity.changed',
      ...opportunityChangedTexts(change.before, change.after),
      path: APP_ROUTES.volunteer,
      opportunityId: change.id,
      email: true,
    });
  }
}

// The server does not know each reader's zone (the cards use the browser's).
const DAY_AND_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: DISTRICT_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const TIME_AND_ZONE = new Intl.DateTimeFormat('en-US', {
  timeZone: DISTRICT_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export function describeWhen(start: Date, end: Date): string {
  return `${DAY_AND_TIME.format(start)} – ${TIME_AND_ZONE.format(end)}`;
}

export function opportunityChangedTexts(
  before: Placed,
  after: Placed,
): { title: string; body: string } {
  const lines = [`${after.title} has changed.`];
  const when = describeWhen(after.date, after.endsAt);
  const wasWhen = describeWhen(before.date, before.endsAt);
  lines.push(when === wasWhen ? `When: ${when}` : `When: ${when} (was ${wasWhen})`);
  lines.push(
    after.location === before.location
      ? `Where: ${after.location}`
      : `Where: ${after.location} (was ${before.location})`,
  );
  lines.push('If you can no longer come, please withdraw so someone else can take your spot.');
  return { title: `Changed: ${after.title}`.slice(0, 200), body: lines.join('\n') };
}
