import type { Language } from './i18n/languages';

// Issue 22: what notification.requested says (the personal toast and svc-auth's mail), as entries
// of the shared catalogue. Producers send the entry's key with its values; each reader's language
// is chosen where the text is shown (svc-auth per recipient, the browser per user). Dates travel
// as ISO strings and are written here, in the reader's language and the district's time zone.

export type WaitlistPromotedValues = {
  title: string;
};

export type OpportunityChangedValues = {
  title: string;
  location: string;
  startsAt: string;
  endsAt: string;
  wasLocation: string;
  wasStartsAt: string;
  wasEndsAt: string;
  timeZone: string;
};

export type ReminderValues = {
  title: string;
  location: string;
  startsAt: string;
  timeZone: string;
};

type DateStyle = 'day' | 'time' | 'dayAndTime' | 'timeAndZone';
const DATE_STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  day: { weekday: 'long', month: 'long', day: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  dayAndTime: {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
  timeAndZone: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
};

export function notificationDate(
  language: Language,
  iso: string,
  timeZone: string,
  style: DateStyle,
): string {
  const locale = language === 'es' ? 'es-US' : 'en-US';
  return new Intl.DateTimeFormat(locale, { timeZone, ...DATE_STYLES[style] }).format(new Date(iso));
}

// "Sat, Dec 5, 10:00 AM – 12:00 PM CST": an event's start and end.
export function notificationWhen(
  language: Language,
  startsAt: string,
  endsAt: string,
  timeZone: string,
): string {
  return `${notificationDate(language, startsAt, timeZone, 'dayAndTime')} – ${notificationDate(language, endsAt, timeZone, 'timeAndZone')}`;
}

export const NOTIFICATION_MESSAGES = {
  waitlistPromoted: {
    title: (v: WaitlistPromotedValues) => `You're signed up: ${v.title}`,
    body: (_v: WaitlistPromotedValues) =>
      'A spot opened up and you were next on the waitlist, so you are now signed up. If you can no longer come, withdraw so the next student gets the spot.',
  },
  opportunityChanged: {
    title: (v: OpportunityChangedValues) => `Changed: ${v.title}`,
    body: (v: OpportunityChangedValues) => {
      const when = notificationWhen('en', v.startsAt, v.endsAt, v.timeZone);
      const was = notificationWhen('en', v.wasStartsAt, v.wasEndsAt, v.timeZone);
      return [
        `${v.title} has changed.`,
        when === was ? `When: ${when}` : `When: ${when} (was ${was})`,
        v.location === v.wasLocation
          ? `Where: ${v.location}`
          : `Where: ${v.location} (was ${v.wasLocation})`,
        'If you can no longer come, please withdraw so someone else can take your spot.',
      ].join('\n');
    },
  },
  reminderDayBefore: {
    title: (v: ReminderValues) => `Tomorrow: ${v.title}`,
    body: (v: ReminderValues) =>
      `${v.title} starts on ${notificationDate('en', v.startsAt, v.timeZone, 'day')} at ${notificationDate('en', v.startsAt, v.timeZone, 'time')} at ${v.location}.`,
  },
  reminderToday: {
    title: (v: ReminderValues) => `Today: ${v.title}`,
    body: (v: ReminderValues) =>
      `${v.title} starts today at ${notificationDate('en', v.startsAt, v.timeZone, 'time')} at ${v.location}.`,
  },
} as const;

export type NotificationKey = keyof typeof NOTIFICATION_MESSAGES;
export const NOTIFICATION_KEYS = Object.keys(NOTIFICATION_MESSAGES) as [
  NotificationKey,
  ...NotificationKey[],
];
export type NotificationValuesOf<K extends NotificationKey> = Parameters<
  (typeof NOTIFICATION_MESSAGES)[K]['title']
>[0];

// What notification.requested carries (and svc-content hands the browser with the toast).
export interface NotificationMessage<K extends NotificationKey = NotificationKey> {
  key: K;
  values: NotificationValuesOf<K>;
}

export function notificationMessage<K extends NotificationKey>(
  key: K,
  values: NotificationValuesOf<K>,
): NotificationMessage<K> {
  return { key, values };
}
