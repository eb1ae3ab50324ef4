import { z } from 'zod';
import { LANGUAGES } from './i18n/languages';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from './audit.schema';
import { NOTIFICATION_KEYS } from './notification-messages';

// Domain events between services (DESIGN.md rule 5, docs/architecture.md "Events").

export const SERVICE_NAMES = ['svc-auth', 'svc-volunteer', 'svc-content', 'svc-hours'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const EVENT_TYPES = {
  userRegistered: 'user.registered',
  userUpdated: 'user.updated',
  userDeleted: 'user.deleted',
  opportunityCreated: 'opportunity.created',
  opportunityUpdated: 'opportunity.updated',
  opportunityDeleted: 'opportunity.deleted',
  hoursApproved: 'hours.approved',
  auditRecorded: 'audit.recorded',
  notificationRequested: 'notification.requested',
  attendanceRecorded: 'attendance.recorded',
  hoursRevoked: 'hours.revoked',
} as const;
export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

// The replica of a user every other service keeps (names, schools, grades, avatars, roles, what
// peers may see, the language their texts are written in). Never the username or the e-mail
// address: only svc-auth holds those, and it mails users on the others' behalf
// (notification.requested with email: true). The defaults read events queued before these fields.
export const userReplicaPayloadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  school: z.string(),
  grade: z.number().int(),
  avatarUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  isSupervisor: z.boolean(),
  // Whether other students see this student in the directory and in sign-up lists (issue 20).
  directoryVisible: z.boolean().default(true),
  language: z.enum(LANGUAGES).default('en'),
  // Issue 20: waiting for a guardian's consent (no blog posts, no photos, hidden from peers).
  restricted: z.boolean().default(false),
  // Issue 31: false once a roster import deactivated them (kept, hidden from every list, unable
  // to sign in) until a later roster has them again.
  active: z.boolean().default(true),
});
export type UserReplicaPayload = z.infer<typeof userReplicaPayloadSchema>;

export const userDeletedPayloadSchema = z.object({ id: z.number().int() });
export type UserDeletedPayload = z.infer<typeof userDeletedPayloadSchema>;

export const opportunityCreatedPayloadSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  location: z.string(),
  // ISO datetime
  date: z.string(),
  // false: a later date of a weekly series, which the notifications feed does not announce again
  // (it heard of the series by its first date). Events from before issue 29 announced.
  announce: z.boolean().default(true),
});
export type OpportunityCreatedPayload = z.infer<typeof opportunityCreatedPayloadSchema>;

// Issue 29: an opportunity's current title, place and start after an edit (and, from the
// backfill migration, of every opportunity that existed before svc-hours kept a replica).
export const opportunityUpdatedPayloadSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  location: z.string(),
  date: z.string(),
});
export type OpportunityUpdatedPayload = z.infer<typeof opportunityUpdatedPayloadSchema>;

export const opportunityDeletedPayloadSchema = z.object({ id: z.number().int() });
export type OpportunityDeletedPayload = z.infer<typeof opportunityDeletedPayloadSchema>;

export const hoursApprovedPayloadSchema = z.object({
  logId: z.number().int(),
  userId: z.number().int(),
  hours: z.number(),
});
export type HoursApprovedPayload = z.infer<typeof hoursApprovedPayloadSchema>;

// Issue 18: an approved entry made from attendance is gone again (marked absent later); issue 33:
// a supervisor's approval undone (the entry is pending again). svc-auth drops the credit
// hours.approved gave.
export const hoursRevokedPayloadSchema = z.object({
  logId: z.number().int(),
  userId: z.number().int(),
});
export type HoursRevokedPayload = z.infer<typeof hoursRevokedPayloadSchema>;

// A message for particular users (issue 18): svc-content shows it as a toast on their open
// notification streams only; with email: true svc-auth also mails it to each of them (only svc-auth
// knows addresses). Issue 22: `message` names the shared catalogue's entry (notifications) and its
// values, so each recipient reads it in their own language; title and body stay its English
// rendering (older consumers, logs). Events queued before issue 22 have no message.
export const notificationMessageSchema = z.object({
  key: z.enum(NOTIFICATION_KEYS),
  // Dates as ISO strings: the renderer writes them in the reader's language.
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type NotificationMessagePayload = z.infer<typeof notificationMessageSchema>;

export const notificationRequestedPayloadSchema = z.object({
  userIds: z.array(z.number().int()).min(1),
  // What happened, for the browser and for metrics: 'waitlist.promoted', 'opportunity.changed',
  // 'reminder.day-before', 'reminder.today', ...
  kind: z.string().min(1).max(64),
  title: z.string().min(1).max(200),
  body: z.string().max(2000),
  // A path on the platform (e.g. "/volunteer") the toast and the e-mail link to, or null.
  path: z.string().startsWith('/').nullable(),
  opportunityId: z.number().int().nullable(),
  email: z.boolean(),
  message: notificationMessageSchema.optional(),
});
export type NotificationRequestedPayload = z.infer<typeof notificationRequestedPayloadSchema>;

// An admin took attendance, or a student checked in with the event's code (issue 18): svc-hours
// turns an attended sign-up into one approved hours entry (and voids it on attended: false).
export const attendanceRecordedPayloadSchema = z.object({
  opportunityId: z.number().int(),
  userId: z.number().int(),
  title: z.string(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  // The event's duration rounded to the nearest half hour, at least 0.5.
  hours: z.number().positive(),
  attended: z.boolean(),
  // The admin who took attendance; null when the student checked in with the code.
  recordedBy: z.number().int().nullable(),
  method: z.enum(['roster', 'check-in']),
});
export type AttendanceRecordedPayload = z.infer<typeof attendanceRecordedPayloadSchema>;

// One privileged action (issue 9) on its way to svc-auth's merged, append-only trail (issue 16).
export const auditRecordedPayloadSchema = z.object({
  // The producer's id for this record: svc-auth keeps one row per (service, sourceId), so a
  // redelivered event never adds a second one.
  sourceId: z.uuid(),
  service: z.enum(SERVICE_NAMES),
  // When the action committed (its transaction's time), ISO 8601 UTC with microseconds: the
  // merged trail is ordered by it, not by arrival.
  at: z.iso.datetime({ precision: 6 }),
  // null: an operator at the command line, not a signed-in user.
  actorId: z.number().int().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string().min(1),
  targetId: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditRecordedPayload = z.infer<typeof auditRecordedPayloadSchema>;

export const EVENT_PAYLOAD_SCHEMAS = {
  'user.registered': userReplicaPayloadSchema,
  'user.updated': userReplicaPayloadSchema,
  'user.deleted': userDeletedPayloadSchema,
  'opportunity.created': opportunityCreatedPayloadSchema,
  'opportunity.updated': opportunityUpdatedPayloadSchema,
  'opportunity.deleted': opportunityDeletedPayloadSchema,
  'hours.approved': hoursApprovedPayloadSchema,
  'audit.recorded': auditRecordedPayloadSchema,
  'notification.requested': notificationRequestedPayloadSchema,
  'attendance.recorded': attendanceRecordedPayloadSchema,
  'hours.revoked': hoursRevokedPayloadSchema,
} as const satisfies Record<EventType, z.ZodType>;

export type EventPayloads = { [T in EventType]: z.infer<(typeof EVENT_PAYLOAD_SCHEMAS)[T]> };
export type EventPayload<T extends EventType> = EventPayloads[T];
// What a payload may hold before its schema's defaults apply (an event queued by an older producer).
export type EventPayloadInput<T extends EventType> = z.input<(typeof EVENT_PAYLOAD_SCHEMAS)[T]>;

// Who produces each event.
export const EVENT_PRODUCERS: Readonly<Record<EventType, readonly ServiceName[]>> = {
  'user.registered': ['svc-auth'],
  'user.updated': ['svc-auth'],
  'user.deleted': ['svc-auth'],
  'opportunity.created': ['svc-volunteer'],
  'opportunity.updated': ['svc-volunteer'],
  'opportunity.deleted': ['svc-volunteer'],
  'hours.approved': ['svc-hours'],
  // svc-auth keeps the trail and writes its own records straight into it.
  'audit.recorded': ['svc-volunteer', 'svc-content', 'svc-hours'],
  'notification.requested': ['svc-volunteer', 'svc-hours'],
  'attendance.recorded': ['svc-volunteer'],
  'hours.revoked': ['svc-hours'],
};

// Routing table: the relay copies each event into the queue of every consumer listed here.
export const EVENT_CONSUMERS: Readonly<Record<EventType, readonly ServiceName[]>> = {
  'user.registered': ['svc-volunteer', 'svc-content', 'svc-hours'],
  'user.updated': ['svc-volunteer', 'svc-content', 'svc-hours'],
  'user.deleted': ['svc-volunteer', 'svc-content', 'svc-hours'],
  // svc-content announces it; svc-hours keeps the replica an hours entry's event is checked
  // against (issue 29), which updates and deletions keep current.
  'opportunity.created': ['svc-content', 'svc-hours'],
  'opportunity.updated': ['svc-hours'],
  'opportunity.deleted': ['svc-hours'],
  'hours.approved': ['svc-auth'],
  'audit.recorded': ['svc-auth'],
  // svc-auth mails those with email: true; svc-content shows the personal toasts (issue 18).
  'notification.requested': ['svc-auth', 'svc-content'],
  'attendance.recorded': ['svc-hours'],
  'hours.revoked': ['svc-auth'],
};

// One BullMQ queue per consuming service: "events-svc-content".
export function eventQueueName(service: ServiceName): string {
  return `events-${service}`;
}

// Event types a service must handle (one handler each, checked at start-up).
export function eventsConsumedBy(service: ServiceName): EventType[] {
  return (Object.keys(EVENT_CONSUMERS) as EventType[]).filter((type) =>
    EVENT_CONSUMERS[type].includes(service),
  );
}

// What travels in a BullMQ job; the job id is the event id.
export interface DomainEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  payload: EventPayload<T>;
  // ISO datetime of the state change
  occurredAt: string;
  // W3C traceparent of the request that wrote it (issue 21); absent outside a traced request.
  traceparent?: string;
}

export const domainEventSchema = z.object({
  id: z.string().min(1),
  type: z.enum(Object.values(EVENT_TYPES) as [EventType, ...EventType[]]),
  payload: z.unknown(),
  occurredAt: z.string(),
  traceparent: z.string().max(64).optional(),
});

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && Object.hasOwn(EVENT_PAYLOAD_SCHEMAS, value);
}

// Validate a job's data: the envelope, then the payload for its type.
export function parseDomainEvent(data: unknown): DomainEvent {
  const envelope = domainEventSchema.parse(data);
  const payload = EVENT_PAYLOAD_SCHEMAS[envelope.type].parse(envelope.payload);
  return { ...envelope, payload } as DomainEvent;
}
