import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  APP_ROUTES,
  englishNotificationTexts,
  EVENT_TYPES,
  notificationMessage,
} from '@district/contracts';
import { OutboxService } from '@district/service-kit';
import { WaitlistRepository } from './waitlist.repository';

export const WAITLIST_PROMOTED = 'waitlist.promoted';

// Issue 18: a freed spot goes to the first student in line, in the transaction that freed it
// (a withdrawal, a deleted account, more spaces), so it is never open while someone waits.
@Injectable()
export class WaitlistPromotion {
  constructor(
    private readonly waitlist: WaitlistRepository,
    private readonly outbox: OutboxService,
  ) {}

  // Call inside the transaction that freed the spot(s); answers the promoted user ids in line
  // order. It holds the opportunity's row lock until that commits (the same lock every sign-up
  // and withdrawal takes through the filled trigger), so promotions of one opportunity run one
  // after another: capacity is never exceeded and nobody is promoted twice.
  async promoteFromWaitlist(manager: EntityManager, opportunityId: number): Promise<number[]> {
    const opportunity = await this.waitlist.lockOpportunity(manager, opportunityId);
    if (!opportunity || opportunity.status !== 'active') return [];
    const promoted: number[] = [];
    let free = opportunity.spaces - opportunity.filled;
    while (free > 0) {
      const userId = await this.waitlist.takeFirst(manager, opportunityId);
      if (userId === undefined) break;
      // Someone already signed up (or whose account is gone) just leaves the line.
      if (!(await this.waitlist.insertSignup(manager, opportunityId, userId))) continue;
      promoted.push(userId);
      free--;
      // One event per student: the toast on their streams and (email: true) svc-auth's mail.
      const message = notificationMessage('waitlistPromoted', { title: opportunity.title });
      await this.outbox.add(manager, EVENT_TYPES.notificationRequested, {
        userIds: [userId],
        kind: WAITLIST_PROMOTED,
        // Issue 22: each reader gets it in their language; title and body stay the English.
        ...englishNotificationTexts(message),
        message,
        path: APP_ROUTES.volunteer,
        opportunityId,
        email: true,
      });
    }
    return promoted;
  }

  // After spots were freed on opportunities we cannot name (a deleted account's sign-ups).
  async promoteWhereRoom(manager: EntityManager): Promise<number[]> {
    const promoted: number[] = [];
    for (const opportunityId of await this.waitlist.opportunitiesWithRoom(manager))
      promoted.push(...(await this.promoteFromWaitlist(manager, opportunityId)));
    return promoted;
  }
}
