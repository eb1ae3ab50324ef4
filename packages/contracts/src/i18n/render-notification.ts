import type { NotificationKey } from '../notification-messages';
import type { Language } from './languages';
import { sharedMessages } from './translate-message';

type Render = (values: unknown) => string;

// A notification's title and body in one reader's language (English when that language's shared
// catalogue is not loaded). Producers use it for the English title/body every payload keeps.
export function renderNotification(
  language: Language,
  message: { key: NotificationKey; values: unknown },
): { title: string; body: string } {
  const entry = sharedMessages(language).notifications[message.key] as unknown as {
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
