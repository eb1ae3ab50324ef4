import { Injectable } from '@nestjs/common';
import { EVENT_TYPES, opportunityCreatedPayloadSchema } from '@district/contracts';
import { HandleEvent, type EventContext } from '@district/service-kit';
import { NotificationSignalService } from './notification-signal.service';

// Turns opportunity.created into a feed item. Runs in the consumer's transaction together with
// its processed_events row, so a redelivered event adds nothing.
@Injectable()
export class NotificationsHandler {
  constructor(private readonly signal: NotificationSignalService) {}

  @HandleEvent(EVENT_TYPES.opportunityCreated)
  async onOpportunityCreated(payload: unknown, { manager }: EventContext): Promise<void> {
    const opportunity = opportunityCreatedPayloadSchema.parse(payload);
    // Inserts commit in id order (one at a time across instances), so a reader that sees item n
    // has seen every item before it and a cursor never skips a late commit.
    await manager.query(
      `SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.notification_items'))`,
    );
    const inserted: Array<{ id: number }> = await manager.query(
      `INSERT INTO "notification_items" ("type", "title", "location", "opportunity_id")
       VALUES ('new_opportunity', $1, $2, $3)
       ON CONFLICT ("opportunity_id") DO NOTHING RETURNING "id"`,
      [opportunity.title, opportunity.location, opportunity.id],
    );
    if (inserted[0]) this.signal.afterCommit(manager, inserted[0].id);
  }
}
