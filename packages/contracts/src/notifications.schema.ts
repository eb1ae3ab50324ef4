import { z } from 'zod';
import { notificationMessageSchema } from './events';

// A W3C trace id: 32 lowercase hex digits.
const traceIdSchema = z.string().regex(/^[0-9a-f]{32}$/);

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
  // Issue 21: the W3C trace id of the request that caused it (operators follow a toast back).
  traceId: traceIdSchema.optional(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

// Issue 18: a message for one user only (notification.requested: a waitlist promotion, a changed
// event, a reminder), on that user's own streams and polls; nobody else ever receives it.
export const personalNotificationItemSchema = z.object({
  id: z.number().int().optional(),
  type: z.literal('personal'),
  data: z.object({
    // 'waitlist.promoted', 'opportunity.changed', 'reminder.today', ...
    kind: z.string(),
    title: z.string(),
    body: z.string(),
    // Where the toast leads on the platform (e.g. "/volunteer"), or null.
    path: z.string().nullable(),
    opportunityId: z.number().int().nullable(),
    // Issue 22: the shared catalogue's entry (notifications) and its values, for the browser to
    // show in the user's language (renderNotification / m.notifications[key]); title and body
    // are its English rendering. Absent on items from before issue 22.
    message: notificationMessageSchema.optional(),
  }),
  traceId: traceIdSchema.optional(),
});
export type PersonalNotificationItem = z.infer<typeof personalNotificationItemSchema>;

// Everything GET /api/notifications and the stream hand out.
export const anyNotificationItemSchema = z.discriminatedUnion('type', [
  notificationItemSchema,
  personalNotificationItemSchema,
]);
export type AnyNotificationItem = z.infer<typeof anyNotificationItemSchema>;

export function isPersonalNotification(item: unknown): item is PersonalNotificationItem {
  return personalNotificationItemSchema.safeParse(item).success;
}

// What the client may receive: any type; new_opportunity (SPEC §4) and personal are handled.
export const notificationFeedItemSchema = z.object({ type: z.string(), data: z.unknown() }).loose();
export type NotificationFeedItem = z.infer<typeof notificationFeedItemSchema>;

export function isNewOpportunityNotification(item: unknown): item is NotificationItem {
  return notificationItemSchema.safeParse(item).success;
}

// Issue 33: a personal item that only says "this changed, read it again" (a student checked in:
// the admins' open roster updates). The browser refreshes its opportunity data and shows no toast.
export const LIVE_UPDATE_KINDS = ['attendance.checked-in'] as const;

export function isLiveUpdate(item: unknown): boolean {
  return (
    isPersonalNotification(item) &&
    (LIVE_UPDATE_KINDS as readonly string[]).includes(item.data.kind)
  );
}

// SSE `event:` name on /api/notifications/stream.
export const NOTIFICATION_SSE_EVENT = 'notification';
