import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { NotificationItem } from '@district/contracts';
import { inPoolTransaction, poolOf } from '@district/service-kit';

// Items older than this are skipped (the cursor still moves past them): a user who comes back
// after a while sees what is new from now on, not a storm of toasts about old opportunities.
export const NOTIFICATION_MAX_AGE_MS = 10 * 60_000;

// One answer never carries more than this; the rest follows on the next request.
export const NOTIFICATION_BATCH_LIMIT = 50;

interface ItemRow {
  id: number;
  type: string;
  title: string;
  location: string;
  opportunityId: number;
  fresh: boolean;
}

const ITEM_COLUMNS = `"id", "type", "title", "location", "opportunity_id" AS "opportunityId",
  "created_at" > now() - make_interval(secs => ${NOTIFICATION_MAX_AGE_MS / 1000}) AS "fresh"`;

function toItem(row: ItemRow): NotificationItem {
  return {
    id: row.id,
    type: row.type as NotificationItem['type'],
    data: { title: row.title, location: row.location, opportunityId: row.opportunityId },
  };
}

// The feed and the per-user cursors (DESIGN rule 6). Every read that hands items to a user moves
// that user's cursor in the same transaction, holding the cursor row's lock, so two tabs, two
// instances or a stream and a poll never hand out the same item twice.
@Injectable()
export class NotificationFeedService {
  constructor(private readonly dataSource: DataSource) {}

  private get pool(): Pool {
    // Straight from the pg pool: a cheap single statement on the 30 s polling path.
    return poolOf(this.dataSource);
  }

  // GET /api/notifications and the start of a stream: what is new for the user since the last
  // call. The first call ever starts the cursor at the newest item and returns nothing.
  async take(userId: number): Promise<NotificationItem[]> {
    // One round trip: the user's cursor (created at the newest item on the first call) and the
    // newest item id.
    const { rows } = await this.pool.query<{ created: boolean; cursor: number; newest: number }>(
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
    const { created, cursor, newest } = rows[0]!;
    // First call: nothing before now. Otherwise the common case, nothing new: no transaction,
    // no row lock.
    if (created || newest <= cursor) return [];
    return inPoolTransaction(this.dataSource, async (client) => {
      const locked = await client.query<{ last_item_id: number }>(
        `SELECT "last_item_id" FROM "notification_cursors" WHERE "user_id" = $1 FOR UPDATE`,
        [userId],
      );
      const from = locked.rows[0]?.last_item_id ?? 0;
      const items = await client.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM "notification_items" WHERE "id" > $1 ORDER BY "id" LIMIT $2`,
        [from, NOTIFICATION_BATCH_LIMIT],
      );
      if (items.rows.length === 0) return [];
      await client.query(
        `UPDATE "notification_cursors" SET "last_item_id" = $2 WHERE "user_id" = $1`,
        [userId, items.rows.at(-1)!.id],
      );
      return items.rows.filter((row) => row.fresh).map(toItem);
    });
  }

  // Push: hands every listed user the items up to `upToId` they have not had yet, in one
  // transaction. Users whose cursor another instance (or a poll) already moved are left out.
  async takeForUsers(
    userIds: readonly number[],
    upToId: number,
  ): Promise<Map<number, NotificationItem[]>> {
    const result = new Map<number, NotificationItem[]>();
    if (userIds.length === 0) return result;
    return inPoolTransaction(this.dataSource, async (client) => {
      // Ordered so that instances locking overlapping sets of users never deadlock.
      const cursors = await client.query<{ user_id: number; last_item_id: number }>(
        `SELECT "user_id", "last_item_id" FROM "notification_cursors"
          WHERE "user_id" = ANY($1::int[]) AND "last_item_id" < $2
          ORDER BY "user_id" FOR UPDATE`,
        [userIds, upToId],
      );
      if (cursors.rows.length === 0) return result;
      const from = Math.min(...cursors.rows.map((row) => row.last_item_id));
      await client.query(
        `UPDATE "notification_cursors" SET "last_item_id" = $2 WHERE "user_id" = ANY($1::int[])`,
        [cursors.rows.map((row) => row.user_id), upToId],
      );
      const items = await client.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM "notification_items"
          WHERE "id" > $1 AND "id" <= $2 ORDER BY "id"`,
        [from, upToId],
      );
      const fresh = items.rows.filter((row) => row.fresh);
      for (const { user_id, last_item_id } of cursors.rows) {
        const mine = fresh.filter((row) => row.id > last_item_id).map(toItem);
        if (mine.length > 0) result.set(user_id, mine);
      }
      return result;
    });
  }

  async newestId(): Promise<number> {
    const { rows } = await this.pool.query<{ newest: number }>(
      `SELECT coalesce(max("id"), 0) AS "newest" FROM "notification_items"`,
    );
    return rows[0]!.newest;
  }
}
