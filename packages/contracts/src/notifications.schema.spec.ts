import { describe, expect, it } from '@jest/globals';
import {
  anyNotificationItemSchema,
  isNewOpportunityNotification,
  isPersonalNotification,
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

describe('personal notifications (issue 18)', () => {
  it('recognises a personal item and tells it apart from a new opportunity', () => {
    const item = {
      id: 7,
      type: 'personal',
      data: {
        kind: 'waitlist.promoted',
        title: "You're signed up: Beach Cleanup",
        body: 'A spot opened up.',
        path: '/volunteer',
        opportunityId: 3,
      },
    };
    expect(isPersonalNotification(item)).toBe(true);
    expect(isNewOpportunityNotification(item)).toBe(false);
    expect(anyNotificationItemSchema.parse(item)).toEqual(item);
    expect(isPersonalNotification({ type: 'personal', data: { title: 'x' } })).toBe(false);
  });
});
