import {
  notificationDate,
  notificationWhen,
  type NOTIFICATION_MESSAGES,
} from '../notification-messages';
import type { Translated } from './shared-messages';

// Spanish for notification.requested texts (notification-messages.ts). Apart from the shared
// catalogue: only services and the browser's toast chunk render them, never a first screen.
export const NOTIFICATION_MESSAGES_ES: Translated<typeof NOTIFICATION_MESSAGES> = {
  waitlistPromoted: {
    title: (v) => `Ya estás inscrito: ${v.title}`,
    body: () =>
      'Se liberó un lugar y eras el siguiente en la lista de espera, así que ya estás inscrito. Si ya no puedes asistir, cancela tu inscripción para que el siguiente estudiante tome el lugar.',
  },
  opportunityChanged: {
    title: (v) => `Cambios en ${v.title}`,
    body: (v) => {
      const when = notificationWhen('es', v.startsAt, v.endsAt, v.timeZone);
      const was = notificationWhen('es', v.wasStartsAt, v.wasEndsAt, v.timeZone);
      return [
        `${v.title} cambió.`,
        when === was ? `Cuándo: ${when}` : `Cuándo: ${when} (antes: ${was})`,
        v.location === v.wasLocation
          ? `Dónde: ${v.location}`
          : `Dónde: ${v.location} (antes: ${v.wasLocation})`,
        'Si ya no puedes asistir, cancela tu inscripción para que alguien más pueda tomar tu lugar.',
      ].join('\n');
    },
  },
  reminderDayBefore: {
    title: (v) => `Mañana: ${v.title}`,
    body: (v) =>
      `${v.title} empieza el ${notificationDate('es', v.startsAt, v.timeZone, 'day')} a las ${notificationDate('es', v.startsAt, v.timeZone, 'time')} en ${v.location}.`,
  },
  reminderToday: {
    title: (v) => `Hoy: ${v.title}`,
    body: (v) =>
      `${v.title} empieza hoy a las ${notificationDate('es', v.startsAt, v.timeZone, 'time')} en ${v.location}.`,
  },
};
