import { z } from 'zod';

// GET /api/notifications items and the SSE stream's data (SPEC §3 "Notification item").
export const notificationItemSchema = z.object({
  // Beyond the spec: a stable id so push and polling never toast the same item twice.
  id: z.number().int().optional(),
  type: z.literal('new_opportunity'),
  // Beyond the spec: opportunityId, so the toast's "View" opens the new card.
  data: z.object({
    title: z.string(),
    location: z.string(),
    opportunityId: z.number().int().optional(),
  }),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

// What the client may receive: any type; only new_opportunity is handled (SPEC §4).
export const notificationFeedItemSchema = z.object({ type: z.string(), data: z.unknown() }).loose();
export type NotificationFeedItem = z.infer<typeof notificationFeedItemSchema>;

export function isNewOpportunityNotification(item: unknown): item is NotificationItem {
  return notificationItemSchema.safeParse(item).success;
}

// SSE `event:` name on /api/notifications/stream.
export const NOTIFICATION_SSE_EVENT = 'notification';
