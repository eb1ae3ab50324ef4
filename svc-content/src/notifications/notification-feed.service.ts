import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AnyNotificationItem } from '@district/contracts';
import { withTransaction } from '@district/service-kit';
import { NotificationsRepository, type ItemRow } from './notifications.repository';

// One answer never carries more than this; the rest follows on the next request.
export const NOTIFICATION_BATCH_LIMIT = 50;

function toItem(row: ItemRow): AnyNotificationItem {
  if (row.type === 'personal')
    return {
      id: row.id,
      type: 'personal',
      data: {
        kind: row.kind ?? '',
        title: row.title,
        body: row.body ?? '',
        path: row.path,
        opportunityId: row.opportunityId,
        ...(row.message ? { message: row.message } : {}),
      },
      ...(row.traceId ? { traceId: row.traceId } : {}),
    };
  return {
    id: row.id,
    type: 'new_opportunity',
    data: {
      title: row.title,
      location: row.location,
      ...(row.opportunityId !== null ? { opportunityId: row.opportunityId } : {}),
    },
    ...(row.traceId ? { traceId: row.traceId } : {}),
  };
}

// A personal item goes to its recipient only (issue 18).
const isFor = (row: ItemRow, userId: number) =>
  row.recipientId === null || row.recipientId === userId;

// The feed and the per-user cursors (DESIGN rule 6). Every read that hands items to a user moves
// that user's cursor in the same transaction, holding the cursor row's lock, so two tabs, two
// instances or a stream and a poll never hand out the same item twice.
@Injectable()
export class NotificationFeedService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly feed: NotificationsRepository,
  ) {}

  // GET /api/notifications and the start of a stream: what is new for the user since the last
  // call. The first call ever starts the cursor at the newest item and returns nothing.
  async take(userId: number): Promise<AnyNotificationItem[]> {
    const { created, cursor, newest } = await this.feed.openCursor(userId);
    // First call: nothing before now. Otherwise the common case, nothing new: no transaction,
    // no row lock.
    if (created || newest <= cursor) return [];
    return withTransaction(this.dataSource, async (manager) => {
      const from = await this.feed.lockCursor(manager, userId);
      const items = await this.feed.findItemsAfter(manager, from, NOTIFICATION_BATCH_LIMIT, userId);
      if (items.length === 0) {
        // Only other users' personal items came after the cursor: move past them (items commit
        // in id order, so nothing of this user's can still appear at or below `newest`), or every
        // poll would look again.
        if (newest > from) await this.feed.moveCursors(manager, [userId], newest);
        return [];
      }
      await this.feed.moveCursors(manager, [userId], items.at(-1)!.id);
      return items.filter((row) => row.fresh).map(toItem);
    });
  }

  // Push: hands every listed user the items up to `upToId` they have not had yet, in one
  // transaction. Users whose cursor another instance (or a poll) already moved are left out.
  async takeForUsers(
    userIds: readonly number[],
    upToId: number,
  ): Promise<Map<number, AnyNotificationItem[]>> {
    const result = new Map<number, AnyNotificationItem[]>();
    if (userIds.length === 0) return result;
    return withTransaction(this.dataSource, async (manager) => {
      const cursors = await this.feed.lockCursorsBehind(manager, userIds, upToId);
      if (cursors.length === 0) return result;
      const from = Math.min(...cursors.map((row) => row.last_item_id));
      await this.feed.moveCursors(
        manager,
        cursors.map((row) => row.user_id),
        upToId,
      );
      const items = await this.feed.findItemsBetween(
        manager,
        from,
        upToId,
        cursors.map((row) => row.user_id),
      );
      const fresh = items.filter((row) => row.fresh);
      for (const { user_id, last_item_id } of cursors) {
        const mine = fresh
          .filter((row) => row.id > last_item_id && isFor(row, user_id))
          .map(toItem);
        if (mine.length > 0) result.set(user_id, mine);
      }
      return result;
    });
  }

  newestId(): Promise<number> {
    return this.feed.newestItemId();
  }
}
