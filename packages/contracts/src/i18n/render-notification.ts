import { NOTIFICATION_MESSAGES, type NotificationKey } from '../notification-messages';
import type { Language } from './languages';
import { NOTIFICATION_MESSAGES_ES } from './notification-messages.es';

type Render = (values: unknown) => string;

// A notification's title and body in one reader's language. Producers use it for the English
// title and body every payload keeps.
export function renderNotification(
  language: Language,
  message: { key: NotificationKey; values: unknown },
): { title: string; body: string } {
  const catalogue = language === 'es' ? NOTIFICATION_MESSAGES_ES : NOTIFICATION_MESSAGES;
  const entry = catalogue[message.key] as unknown as {
    title: Render;
    body: Render;
  };
  return { title: entry.title(message.values), body: entry.body(message.values) };
}

// What every notification.requested keeps beside its message: the English rendering, the title
// cut to the payload's 200 characters.
export function englishNotificationTexts(message: { key: NotificationKey; values: unknown }): {
  title: string;
  body: string;
} {
  const { title, body } = renderNotification('en', message);
  return { title: title.slice(0, 200), body };
}
