import { ATTENDANCE_MESSAGES } from '../attendance.schema';
import { CONSENT_MESSAGES } from '../consent.schema';
import { GOAL_MESSAGES } from '../hour-goals.schema';
import {
  API_MESSAGES,
  EMPTY_TEXTS,
  NOTIFICATION_TOAST,
  SCREEN_TEXTS,
  TOASTS,
  VALIDATION,
} from '../messages';
import { NOTIFICATION_MESSAGES } from '../notification-messages';
import { OPPORTUNITY_EDIT_MESSAGES } from '../opportunity-edit.schema';

// The shared catalogue (issue 22): every text that services and browsers both use, by section,
// in English (the source). Other languages translate this object with the same shape
// (messages.es.ts); TypeScript refuses a translation that misses a key.
const { iconColors: _iconColors, ...notificationToastTexts } = NOTIFICATION_TOAST;
export const SHARED_MESSAGES = {
  validation: VALIDATION,
  toasts: TOASTS,
  notificationToast: notificationToastTexts,
  empty: EMPTY_TEXTS,
  screen: SCREEN_TEXTS,
  api: API_MESSAGES,
  attendance: ATTENDANCE_MESSAGES,
  consent: CONSENT_MESSAGES,
  goals: GOAL_MESSAGES,
  opportunityEdit: OPPORTUNITY_EDIT_MESSAGES,
  // notification.requested texts: { title, body } per entry, each taking the payload's values.
  notifications: NOTIFICATION_MESSAGES,
} as const;

type Translated<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : T[K] extends string
      ? string
      : Translated<T[K]>;
};
export type SharedMessages = Translated<typeof SHARED_MESSAGES>;
