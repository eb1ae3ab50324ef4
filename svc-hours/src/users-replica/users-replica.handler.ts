import { Injectable } from '@nestjs/common';
import {
  canonicalSchoolName,
  EVENT_TYPES,
  userDeletedPayloadSchema,
  userReplicaPayloadSchema,
  type UserReplicaPayload,
} from '@district/contracts';
import { HandleEvent, type EventContext } from '@district/service-kit';

// Keeps the users table (names and canonical schools for the supervisor page) in step with
// svc-auth. Each handler runs in the consumer's transaction with its processed_events row.
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

  // DESIGN.md "Account deletion": the user's hour logs go; a tombstone stays.
  @HandleEvent(EVENT_TYPES.userDeleted)
  async onDeleted(payload: unknown, { manager, event }: EventContext): Promise<void> {
    const { id } = userDeletedPayloadSchema.parse(payload);
    await manager.query(
      `INSERT INTO "users" ("id", "name", "school", "school_name", "deleted", "source_at")
       VALUES ($1, '', '', '', true, $2)
       ON CONFLICT ("id") DO UPDATE SET "name" = '', "school" = '', "school_name" = '', "deleted" = true,
         "source_at" = GREATEST("users"."source_at", EXCLUDED."source_at")`,
      [id, event.occurredAt],
    );
    await manager.query(`DELETE FROM "service_hours_logs" WHERE "user_id" = $1`, [id]);
  }

  // Out-of-order delivery is harmless: an older event never overwrites a newer one, and
  // nothing revives a deleted user. The school is mapped to the registry once, here.
  private async upsert(user: UserReplicaPayload, { manager, event }: EventContext): Promise<void> {
    await manager.query(
      `INSERT INTO "users" ("id", "name", "school", "school_name", "source_at") VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("id") DO UPDATE SET "name" = EXCLUDED."name", "school" = EXCLUDED."school",
         "school_name" = EXCLUDED."school_name", "source_at" = EXCLUDED."source_at"
       WHERE NOT "users"."deleted" AND "users"."source_at" <= EXCLUDED."source_at"`,
      [user.id, user.name, user.school, canonicalSchoolName(user.school), event.occurredAt],
    );
  }
}
