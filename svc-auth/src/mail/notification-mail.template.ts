import { escapeHtml } from '@district/service-kit';
import type { MailWriter } from './mail-texts';

export interface NotificationMailInput {
  name: string;
  // Already in the recipient's language (renderNotification), or the producer's English.
  title: string;
  body: string;
  // Absolute link on the platform, or null.
  link: string | null;
}

// Another service's message to one user (notification.requested): the shared catalogue wrote the
// title and body; this only frames them, in the recipient's language. Plain text first, the HTML
// part is the same words.
export function renderNotificationMail(w: MailWriter, input: NotificationMailInput) {
  const subject = input.title;
  const text = [
    w.text('mail.greeting', { name: input.name }),
    '',
    input.body,
    ...(input.link ? ['', input.link] : []),
    '',
    w.text('mail.signature'),
  ].join('\n');
  const paragraphs = input.body
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`);
  const link = input.link ? escapeHtml(input.link) : null;
  const html = [
    `<p>${w.html('mail.greeting', { name: input.name })}</p>`,
    ...paragraphs,
    ...(link ? [`<p><a href="${link}">${link}</a></p>`] : []),
    `<p>${w.html('mail.signature')}</p>`,
  ].join('\n');
  return { subject, text, html };
}
