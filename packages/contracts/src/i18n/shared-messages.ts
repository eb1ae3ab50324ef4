import {
  ATTENDANCE_MESSAGES,
  CONSENT_MESSAGES,
  GOAL_MESSAGES,
  OPPORTUNITY_EDIT_MESSAGES,
  REGISTRATION_MESSAGES,
} from '../feature-messages';
import {
  API_MESSAGES,
  EMPTY_TEXTS,
  KIT_TEXTS,
  NOTIFICATION_TOAST,
  SCREEN_TEXTS,
  TOASTS,
  VALIDATION,
} from '../messages';

// The shared catalogue (issue 22; no zod in its imports: it is part of the browser's first load): every text that services and browsers both use, by section,
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
  registration: REGISTRATION_MESSAGES,
  kit: KIT_TEXTS,
} as const;

export type Translated<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : T[K] extends string
      ? string
      : Translated<T[K]>;
};
export type SharedMessages = Translated<typeof SHARED_MESSAGES>;
