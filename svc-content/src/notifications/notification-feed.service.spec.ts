import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { NOTIFICATION_BATCH_LIMIT, NotificationFeedService } from './notification-feed.service';
import type { ItemRow, NotificationsRepository } from './notifications.repository';

function item(id: number, overrides: Partial<ItemRow> = {}): ItemRow {
  return {
    id,
    type: 'new_opportunity',
    title: `Levee clean-up ${id}`,
    location: 'Kenner',
    opportunityId: id,
    recipientId: null,
    kind: null,
    body: null,
    path: null,
    message: null,
    traceId: null,
    fresh: true,
    ...overrides,
  };
}

function setup(cursor: { created: boolean; cursor: number; newest: number }) {
  const manager = { tag: 'transaction manager' } as unknown as EntityManager;
  const dataSource = {
    transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
  };
  const feed: jest.Mocked<
    Pick<
      NotificationsRepository,
      | 'openCursor'
      | 'lockCursor'
      | 'findItemsAfter'
      | 'moveCursors'
      | 'lockCursorsBehind'
      | 'findItemsBetween'
      | 'newestItemId'
    >
  > = {
    openCursor: jest.fn(async () => cursor),
    lockCursor: jest.fn(async () => cursor.cursor),
    findItemsAfter: jest.fn(async (): Promise<ItemRow[]> => []),
    moveCursors: jest.fn(async () => undefined),
    lockCursorsBehind: jest.fn(async () => []),
    findItemsBetween: jest.fn(async (): Promise<ItemRow[]> => []),
    newestItemId: jest.fn(async () => cursor.newest),
  };
  const sut = new NotificationFeedService(
    dataSource as unknown as DataSource,
    feed as unknown as NotificationsRepository,
  );
  return { sut, feed, dataSource, manager };
}

describe(NotificationFeedService.name, () => {
  describe('take', () => {
    it('starts a first-time user at the newest item and hands out nothing older', async () => {
      const { sut, feed, dataSource } = setup({ created: true, cursor: 9, newest: 9 });
      expect(await sut.take(5)).toEqual([]);
      expect(dataSource.transaction).not.toHaveBeenCalled();
      expect(feed.moveCursors).not.toHaveBeenCalled();
    });

    it('opens no transaction when nothing is new', async () => {
      const { sut, dataSource } = setup({ created: false, cursor: 9, newest: 9 });
      expect(await sut.take(5)).toEqual([]);
      expect(dataSource.transaction).not.toHaveBeenCalled();
    });

    it('hands out the new items once, moving the locked cursor to the last one', async () => {
      const { sut, feed, manager } = setup({ created: false, cursor: 3, newest: 5 });
      feed.findItemsAfter.mockResolvedValueOnce([item(4), item(5, { traceId: 'a'.repeat(32) })]);
      const items = await sut.take(5);
      expect(feed.lockCursor).toHaveBeenCalledWith(manager, 5);
      expect(feed.findItemsAfter).toHaveBeenCalledWith(manager, 3, NOTIFICATION_BATCH_LIMIT, 5);
      expect(feed.moveCursors).toHaveBeenCalledWith(manager, [5], 5);
      expect(items).toEqual([
        {
          id: 4,
          type: 'new_opportunity',
          data: { title: 'Levee clean-up 4', location: 'Kenner', opportunityId: 4 },
        },
        {
          id: 5,
          type: 'new_opportunity',
          data: { title: 'Levee clean-up 5', location: 'Kenner', opportunityId: 5 },
          traceId: 'a'.repeat(32),
        },
      ]);
    });

    it('moves past stale items without handing them out', async () => {
      const { sut, feed, manager } = setup({ created: false, cursor: 3, newest: 5 });
      feed.findItemsAfter.mockResolvedValueOnce([item(4, { fresh: false }), item(5)]);
      const items = await sut.take(5);
      expect(items.map((i) => i.id)).toEqual([5]);
      expect(feed.moveCursors).toHaveBeenCalledWith(manager, [5], 5);
    });

    it('moves past other users’ personal items so the next poll does not look again', async () => {
      const { sut, feed, manager } = setup({ created: false, cursor: 3, newest: 7 });
      expect(await sut.take(5)).toEqual([]);
      expect(feed.moveCursors).toHaveBeenCalledWith(manager, [5], 7);
    });

    it('shapes a personal item with its kind, text, path and catalogue message', async () => {
      const { sut, feed } = setup({ created: false, cursor: 3, newest: 4 });
      const message = { key: 'waitlist.promoted', values: { title: 'Levee' } };
      feed.findItemsAfter.mockResolvedValueOnce([
        item(4, {
          type: 'personal',
          recipientId: 5,
          kind: 'waitlist.promoted',
          body: 'You are in',
          path: '/opportunities/3',
          opportunityId: 3,
          message: message as ItemRow['message'],
        }),
      ]);
      expect(await sut.take(5)).toEqual([
        {
          id: 4,
          type: 'personal',
          data: {
            kind: 'waitlist.promoted',
            title: 'Levee clean-up 4',
            body: 'You are in',
            path: '/opportunities/3',
            opportunityId: 3,
            message,
          },
        },
      ]);
    });
  });

  describe('takeForUsers', () => {
    it('does nothing for no users', async () => {
      const { sut, dataSource } = setup({ created: false, cursor: 0, newest: 0 });
      expect((await sut.takeForUsers([], 9)).size).toBe(0);
      expect(dataSource.transaction).not.toHaveBeenCalled();
    });

    it('leaves out users whose cursor another instance already moved', async () => {
      const { sut, feed } = setup({ created: false, cursor: 0, newest: 9 });
      feed.lockCursorsBehind.mockResolvedValueOnce([]);
      expect((await sut.takeForUsers([1, 2], 9)).size).toBe(0);
      expect(feed.moveCursors).not.toHaveBeenCalled();
    });

    it('hands each user the fresh items after their own cursor, personal ones to the recipient only', async () => {
      const { sut, feed, manager } = setup({ created: false, cursor: 0, newest: 9 });
      feed.lockCursorsBehind.mockResolvedValueOnce([
        { user_id: 1, last_item_id: 5 },
        { user_id: 2, last_item_id: 7 },
        { user_id: 3, last_item_id: 8 },
      ]);
      feed.findItemsBetween.mockResolvedValueOnce([
        item(6),
        item(7, { fresh: false }),
        item(8, { type: 'personal', recipientId: 2, kind: 'k', body: 'b' }),
        item(9, { type: 'personal', recipientId: 1, kind: 'k', body: 'b' }),
      ]);
      const result = await sut.takeForUsers([1, 2, 3], 9);
      expect(feed.lockCursorsBehind).toHaveBeenCalledWith(manager, [1, 2, 3], 9);
      expect(feed.moveCursors).toHaveBeenCalledWith(manager, [1, 2, 3], 9);
      expect(feed.findItemsBetween).toHaveBeenCalledWith(manager, 5, 9, [1, 2, 3]);
      expect(result.get(1)?.map((i) => i.id)).toEqual([6, 9]);
      expect(result.get(2)?.map((i) => i.id)).toEqual([8]);
      // User 3 had everything up to 8 and item 9 is someone else's.
      expect(result.has(3)).toBe(false);
    });
  });
});
