import type { Language } from '@district/contracts';
import type { ReminderKind } from './reminder-plan';

export interface ReminderEvent {
  title: string;
  location: string;
  startsAt: Date;
}

// The reminder's words in the student's language (the replica's), with the time in the
// district's time zone: svc-auth and svc-content show them as they are.
export function reminderTexts(
  kind: ReminderKind,
  event: ReminderEvent,
  language: Language,
  timeZone: string,
): { title: string; body: string } {
  const locale = language === 'es' ? 'es-US' : 'en-US';
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone, ...options }).format(event.startsAt);
  const day = format({ weekday: 'long', month: 'long', day: 'numeric' });
  const time = format({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  if (language === 'es') {
    return kind === 'day-before'
      ? {
          title: `Mañana: ${event.title}`,
          body: `${event.title} empieza el ${day} a las ${time} en ${event.location}.`,
        }
      : {
          title: `Hoy: ${event.title}`,
          body: `${event.title} empieza hoy a las ${time} en ${event.location}.`,
        };
  }
  return kind === 'day-before'
    ? {
        title: `Tomorrow: ${event.title}`,
        body: `${event.title} starts on ${day} at ${time} at ${event.location}.`,
      }
    : {
        title: `Today: ${event.title}`,
        body: `${event.title} starts today at ${time} at ${event.location}.`,
      };
}
