import type { Language } from '@district/contracts';
import { escapeHtml, type OutgoingMail } from '@district/service-kit';
import { calendarDate, hoursCatalogue, hoursNumber } from '../hours-catalogue';

export interface ConfirmationMailInput {
  to: string;
  // The language of the request that logged the entry (issue 22), kept on the confirmation row.
  language: Language;
  organisation: string;
  // Undefined when the replica has no name yet: the mail says "A student" in its language.
  firstName: string | undefined;
  school: string;
  hours: number;
  date: string;
  description: string;
  link: string;
  expiresAt: Date;
}

// Plain text first (many mail filters prefer it); the HTML part says the same.
export function renderConfirmationMail(input: ConfirmationMailInput): OutgoingMail {
  const t = hoursCatalogue.for(input.language);
  const firstName = input.firstName ?? t('hours.aStudent');
  const hours = t('hours.mail.hours', {
    hours: input.hours,
    count: hoursNumber(input.language, input.hours),
  });
  const date = calendarDate(input.language, input.date);
  const until = calendarDate(input.language, input.expiresAt.toISOString());
  const subject = t('hours.mail.subject', { firstName });
  const text = [
    t('hours.mail.greeting'),
    '',
    t('hours.mail.logged', {
      firstName,
      school: input.school,
      hours,
      organisation: input.organisation,
      date,
    }),
    '',
    input.description,
    '',
    t('hours.mail.openLink', { until }),
    '',
    input.link,
    '',
    t('hours.mail.unknownStudent'),
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = [
    `<p>${escapeHtml(t('hours.mail.greeting'))}</p>`,
    `<p>${t('hours.mail.logged', {
      firstName: escapeHtml(firstName),
      school: escapeHtml(input.school),
      hours: `<strong>${escapeHtml(hours)}</strong>`,
      organisation: escapeHtml(input.organisation),
      date: escapeHtml(date),
    })}</p>`,
    `<blockquote>${escapeHtml(input.description)}</blockquote>`,
    `<p>${escapeHtml(t('hours.mail.openLink', { until }))}</p>`,
    `<p><a href="${link}">${link}</a></p>`,
    `<p>${escapeHtml(t('hours.mail.unknownStudent'))}</p>`,
  ].join('\n');
  return { to: input.to, subject, text, html };
}
