import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { NotificationMessagePayload } from '@district/contracts';
import { NotificationItemEntity } from './notification-item.entity';

// Items older than this are skipped (the cursor still moves past them): a user who comes back
// after a while sees what is new from now on, not a storm of toasts about old opportunities.
const NOTIFICATION_MAX_AGE_MS = 10 * 60_000;

export interface ItemRow {
  id: number;
  type: string;
  title: string;
  location: string;
  opportunityId: number | null;
  // null: everyone's; otherwise that user's only (issue 18).
  recipientId: number | null;
  kind: string | null;
  body: string | null;
  path: string | null;
  // Issue 22: the catalogue entry of a personal item, or null (older items).
  message: NotificationMessagePayload | null;
  // Issue 21: the trace that caused it, or null (older items).
  traceId: string | null;
  // Younger than NOTIFICATION_MAX_AGE_MS by the database's clock.
  fresh: boolean;
}

const ITEM_COLUMNS = `"id", "type", "title", "location", "opportunity_id" AS "opportunityId",
  "recipient_id" AS "recipientId", "kind", "body", "path", "message", "trace_id" AS "traceId",
  "created_at" > now() - make_interval(secs => ${NOTIFICATION_MAX_AGE_MS / 1000}) AS "fresh"`;

// The feed's statements. The cursor and item reads are raw on purpose: they are the polling and
// push paths measured by bench/notification-latency.ts and bench/sse-capacity.ts (thousands of
// users per push: one int[] parameter, not thousands).
@Injectable()
export class NotificationsRepository {
  constructor(
    @InjectRepository(NotificationItemEntity)
    private readonly items: Repository<NotificationItemEntity>,
  ) {}

  // One round trip on every poll: the user's cursor (created at the newest item on the first
  // call, `created`) and the newest item id.
  async openCursor(userId: number): Promise<{ created: boolean; cursor: number; newest: number }> {
    // raw SQL: INSERT … ON CONFLICT DO NOTHING inside a CTE, one round trip on every poll
    // (bench/notification-latency.ts).
    const [row]: Array<{ created: boolean; cursor: number; newest: number }> =
      await this.items.query(
        `WITH "newest" AS (SELECT coalesce(max("id"), 0) AS "id" FROM "notification_items"),
              "created" AS (
                INSERT INTO "notification_cursors" ("user_id", "last_item_id")
                SELECT $1, "id" FROM "newest"
                ON CONFLICT ("user_id") DO NOTHING RETURNING "last_item_id")
         SELECT EXISTS (SELECT 1 FROM "created") AS "created",
                coalesce((SELECT "last_item_id" FROM "created"),
                         (SELECT "last_item_id" FROM "notification_cursors" WHERE "user_id" = $1))
                  AS "cursor",
                (SELECT "id" FROM "newest") AS "newest"`,
        [userId],
      );
    return row;
  }

  // The user's cursor, its row locked until the caller's transaction ends (0 when it has none).
  async lockCursor(manager: EntityManager, userId: number): Promise<number> {
    // raw SQL: the polling path measured by bench/notification-latency.ts, kept as measured.
    const [locked]: Array<{ last_item_id: number }> = await manager.query(
      `SELECT "last_item_id" FROM "notification_cursors" WHERE "user_id" = $1 FOR UPDATE`,
      [userId],
    );
    return locked?.last_item_id ?? 0;
  }

  // The cursors of the listed users that are behind `upToId`, locked in user order so that
  // instances locking overlapping sets of users never deadlock.
  lockCursorsBehind(
    manager: EntityManager,
    userIds: readonly number[],
    upToId: number,
  ): Promise<Array<{ user_id: number; last_item_id: number }>> {
    // raw SQL: thousands of users per push as one int[] parameter (bench/sse-capacity.ts), not
    // one bind parameter each as TypeORM's In() would send.
    return manager.query(
      `SELECT "user_id", "last_item_id" FROM "notification_cursors"
        WHERE "user_id" = ANY($1::int[]) AND "last_item_id" < $2
        ORDER BY "user_id" FOR UPDATE`,
      [userIds, upToId],
    );
  }

  async moveCursors(manager: EntityManager, userIds: readonly number[], to: number): Promise<void> {
    // raw SQL: one int[] parameter for thousands of users (bench/sse-capacity.ts), as above.
    await manager.query(
      `UPDATE "notification_cursors" SET "last_item_id" = $2 WHERE "user_id" = ANY($1::int[])`,
      [userIds, to],
    );
  }

  // The user's items after `afterId` (everyone's and their own personal ones), oldest first, at
  // most `limit` of them.
  findItemsAfter(
    manager: EntityManager,
    afterId: number,
    limit: number,
    userId: number,
  ): Promise<ItemRow[]> {
    // raw SQL: the polling path of bench/notification-latency.ts; `fresh` is computed by the
    // database's clock.
    return manager.query(
      `SELECT ${ITEM_COLUMNS} FROM "notification_items"
        WHERE "id" > $1 AND ("recipient_id" IS NULL OR "recipient_id" = $3)
        ORDER BY "id" LIMIT $2`,
      [afterId, limit, userId],
    );
  }

  // Items in (afterId, upToId] for any of the listed users, oldest first (the caller hands
  // each personal item to its recipient only).
  findItemsBetween(
    manager: EntityManager,
    afterId: number,
    upToId: number,
    userIds: readonly number[],
  ): Promise<ItemRow[]> {
    // raw SQL: the push path of bench/sse-capacity.ts (one int[] parameter for every user).
    return manager.query(
      `SELECT ${ITEM_COLUMNS} FROM "notification_items"
        WHERE "id" > $1 AND "id" <= $2
          AND ("recipient_id" IS NULL OR "recipient_id" = ANY($3::int[]))
        ORDER BY "id"`,
      [afterId, upToId, userIds],
    );
  }

  async newestItemId(): Promise<number> {
    return (await this.items.maximum('id')) ?? 0;
  }

  // Inserts commit in id order (one at a time across instances), so a reader that sees item n
  // has seen every item before it and a cursor never skips a late commit.
  async lockItemOrder(manager: EntityManager): Promise<void> {
    // raw SQL: an advisory lock is nothing TypeORM expresses.
    await manager.query(
      `SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.notification_items'))`,
    );
  }

  // One personal item per recipient (issue 18); answers the newest id. A redelivered event never
  // gets here (processed_events), so no uniqueness is needed.
  async insertPersonal(
    manager: EntityManager,
    userIds: readonly number[],
    item: {
      kind: string;
      title: string;
      body: string;
      path: string | null;
      opportunityId: number | null;
      message: NotificationMessagePayload | null;
      traceId: string | null;
    },
  ): Promise<number> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(NotificationItemEntity)
      .values(
        [...new Set(userIds)].map((recipientId) => ({
          type: 'personal',
          location: '',
          recipientId,
          ...item,
        })),
      )
      .returning(['id'])
      .execute();
    return Math.max(...(result.raw as Array<{ id: number }>).map((row) => row.id));
  }

  // The new item's id, or undefined when the opportunity already has one (a redelivery).
  async insertItem(
    manager: EntityManager,
    item: { title: string; location: string; opportunityId: number; traceId: string | null },
  ): Promise<number | undefined> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(NotificationItemEntity)
      .values({ type: 'new_opportunity', ...item })
      .orIgnore()
      .returning(['id'])
      .execute();
    return (result.raw as Array<{ id: number }>)[0]?.id;
  }
}
