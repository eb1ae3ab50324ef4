import { describe, expect, it } from '@jest/globals';
import {
  isNewOpportunityNotification,
  notificationFeedItemSchema,
  notificationItemSchema,
} from './notifications.schema';

describe('notifications', () => {
  it('recognises new_opportunity items and ignores other types', () => {
    const item = { type: 'new_opportunity', data: { title: 'Food drive', location: 'Kenner' } };
    expect(notificationItemSchema.parse(item)).toEqual(item);
    expect(isNewOpportunityNotification(item)).toBe(true);
    expect(isNewOpportunityNotification({ type: 'something_else', data: {} })).toBe(false);
    expect(notificationFeedItemSchema.safeParse({ type: 'something_else', data: 1 }).success).toBe(
      true,
    );
  });
});
