// When each reminder of one sign-up is due (issue 18). Pure, so the scheduler, the sweep and the
// processor (which re-checks at fire time) agree on one rule.

import type { NotificationKey } from '@district/contracts';

export const REMINDER_KINDS = ['day-before', 'today'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

// notification.requested kinds, as the browser and svc-auth see them.
export const NOTIFICATION_KIND: Record<ReminderKind, string> = {
  'day-before': 'reminder.day-before',
  today: 'reminder.today',
};

// Their texts in the shared catalogue (issue 22).
export const REMINDER_MESSAGE: Record<ReminderKind, NotificationKey> = {
  'day-before': 'reminderDayBefore',
  today: 'reminderToday',
};

export interface ReminderSettings {
  dayBeforeMs: number;
  todayLeadMs: number;
}

export interface SignupTimes {
  startsAt: Date;
  signedUpAt: Date;
  // REMINDER_TODAY_AT (07:00) on the event's day in the district's time zone (PostgreSQL
  // computes it, daylight saving included).
  todayAt: Date;
}

// The due time of a reminder, or null when this sign-up gets none of that kind:
// - day-before: start - REMINDER_DAY_BEFORE_MS, only if the student signed up before then (no
//   late "tomorrow" mail to someone who signed up an hour ago).
// - today: 07:00 on the day (or start - 2 h for an event starting before 09:00); someone who
//   signs up later gets it 2 h before the start, or at once inside those 2 h.
// Nothing once the event has started.
export function reminderDue(
  kind: ReminderKind,
  times: SignupTimes,
  settings: ReminderSettings,
): Date | null {
  const start = times.startsAt.getTime();
  const signedUp = times.signedUpAt.getTime();
  if (signedUp >= start) return null;
  if (kind === 'day-before') {
    const due = start - settings.dayBeforeMs;
    return signedUp <= due ? new Date(due) : null;
  }
  const beforeStart = start - settings.todayLeadMs;
  const onTheDay = Math.min(times.todayAt.getTime(), beforeStart);
  if (signedUp <= onTheDay) return new Date(onTheDay);
  return new Date(Math.max(signedUp, beforeStart));
}

// BullMQ job ids cannot contain ':'. One id per sign-up and kind, whoever schedules it (a
// second add of the same id is a no-op), so replicas, the sweep and retries never double a job.
export function reminderJobId(kind: ReminderKind, signupId: number): string {
  return `reminder-${kind}-${signupId}`;
}
