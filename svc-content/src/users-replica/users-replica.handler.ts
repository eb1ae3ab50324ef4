import { Injectable } from '@nestjs/common';
import {
  EVENT_TYPES,
  userDeletedPayloadSchema,
  userReplicaPayloadSchema,
  type UserReplicaPayload,
} from '@district/contracts';
import { HandleEvent, type EventContext } from '@district/service-kit';

// Keeps the users table (author names and avatars on blog cards) in step with svc-auth. Each
// handler runs in the consumer's transaction together with its processed_events row.
@Injectable()
export class UsersReplicaHandler {
  @HandleEvent(EVENT_TYPES.userRegistered)
  onRegistered(payload: unknown, context: EventContext): Promise<void> {
    return this.upsert(userReplicaPayloadSchema.parse(payload), context);
  }

  @HandleEvent(EVENT_TYPES.userUpdated)
  onUpdated(payload: unknown, context: EventContext): Promise<void> {
    return this.upsert(userReplicaPayloadSchema.parse(payload), context);
  }

  // DESIGN.md "Account deletion": the posts stay and show "Unknown Author". The name and avatar
  // are forgotten; only a tombstone remains so a late user.updated cannot revive them.
  @HandleEvent(EVENT_TYPES.userDeleted)
  async onDeleted(payload: unknown, { manager, event }: EventContext): Promise<void> {
    const { id } = userDeletedPayloadSchema.parse(payload);
    await manager.query(
      `INSERT INTO "users" ("id", "name", "avatar_url", "deleted", "source_at") VALUES ($1, '', NULL, true, $2)
       ON CONFLICT ("id") DO UPDATE SET "name" = '', "avatar_url" = NULL, "deleted" = true,
         "source_at" = GREATEST("users"."source_at", EXCLUDED."source_at")`,
      [id, event.occurredAt],
    );
  }

  // Out-of-order delivery is harmless: an older event never overwrites a newer one, and
  // nothing revives a deleted user.
  private async upsert(user: UserReplicaPayload, { manager, event }: EventContext): Promise<void> {
    await manager.query(
      `INSERT INTO "users" ("id", "name", "avatar_url", "source_at") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("id") DO UPDATE SET "name" = EXCLUDED."name", "avatar_url" = EXCLUDED."avatar_url",
         "source_at" = EXCLUDED."source_at"
       WHERE NOT "users"."deleted" AND "users"."source_at" <= EXCLUDED."source_at"`,
      [user.id, user.name, user.avatarUrl, event.occurredAt],
    );
  }
}
