import { escapeHtml } from '@district/service-kit';

export interface NotificationMailInput {
  name: string;
  title: string;
  body: string;
  // Absolute link on the platform, or null.
  link: string | null;
}

// Another service's message to one user (notification.requested): the producer wrote the title
// and body; this only frames them. Plain text first, the HTML part is the same words.
export function renderNotificationMail(input: NotificationMailInput) {
  const subject = input.title;
  const text = [
    `Hello ${input.name},`,
    '',
    input.body,
    ...(input.link ? ['', input.link] : []),
    '',
    'District Volunteering',
  ].join('\n');
  const paragraphs = input.body
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`);
  const link = input.link ? escapeHtml(input.link) : null;
  const html = [
    `<p>Hello ${escapeHtml(input.name)},</p>`,
    ...paragraphs,
    ...(link ? [`<p><a href="${link}">${link}</a></p>`] : []),
    '<p>District Volunteering</p>',
  ].join('\n');
  return { subject, text, html };
}
