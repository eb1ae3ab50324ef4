import { Injectable } from '@nestjs/common';
import { EVENT_TYPES, type UserDeletedPayload, type UserReplicaPayload } from '@district/contracts';
import { HandleEvent, type EventContext } from '@district/service-kit';

// Keeps the users table (names and schools for signups and photos) in step with svc-auth.
// Each handler runs in the consumer's transaction, together with the processed_events row; the
// consumer has already checked the payload against its contract schema.
@Injectable()
export class UsersReplicaHandler {
  @HandleEvent(EVENT_TYPES.userRegistered)
  onRegistered(payload: UserReplicaPayload, context: EventContext): Promise<void> {
    return this.upsert(payload, context);
  }

  @HandleEvent(EVENT_TYPES.userUpdated)
  onUpdated(payload: UserReplicaPayload, context: EventContext): Promise<void> {
    return this.upsert(payload, context);
  }

  // The user's signups (freeing their spots, via the trigger) and photos go; a tombstone stays.
  @HandleEvent(EVENT_TYPES.userDeleted)
  async onDeleted({ id }: UserDeletedPayload, { manager, event }: EventContext): Promise<void> {
    await manager.query(
      `INSERT INTO "users" ("id", "name", "school", "deleted", "source_at") VALUES ($1, '', '', true, $2)
       ON CONFLICT ("id") DO UPDATE SET "name" = '', "school" = '', "deleted" = true,
         "source_at" = GREATEST("users"."source_at", EXCLUDED."source_at")`,
      [id, event.occurredAt],
    );
    await manager.query(`DELETE FROM "signups" WHERE "user_id" = $1`, [id]);
    await manager.query(`DELETE FROM "event_photos" WHERE "user_id" = $1`, [id]);
  }

  // Out-of-order delivery is harmless: an older event never overwrites a newer one, and
  // nothing revives a deleted user.
  private async upsert(user: UserReplicaPayload, { manager, event }: EventContext): Promise<void> {
    await manager.query(
      `INSERT INTO "users" ("id", "name", "school", "source_at") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("id") DO UPDATE SET "name" = EXCLUDED."name", "school" = EXCLUDED."school",
         "source_at" = EXCLUDED."source_at"
       WHERE NOT "users"."deleted" AND "users"."source_at" <= EXCLUDED."source_at"`,
      [user.id, user.name, user.school, event.occurredAt],
    );
  }
}
