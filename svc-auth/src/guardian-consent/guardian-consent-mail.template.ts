import { escapeHtml } from '@district/service-kit';
import type { MailWriter } from '../mail/mail-texts';
import type { ResetMail } from '../mail/reset-mail.template';

// To the guardian: who asked, what it is for, where to answer. Plain text first, same words in
// HTML; in the language of the browser that registered the student (issue 22).
export function renderGuardianConsentMail(
  w: MailWriter,
  input: {
    studentName: string;
    school: string;
    link: string;
    deadlineDays: number;
  },
): ResetMail {
  const subject = w.text('consentMail.subject', { studentName: input.studentName });
  const created = { studentName: input.studentName, school: input.school };
  const days = { days: input.deadlineDays };
  const text = [
    w.text('consentMail.hello'),
    '',
    w.text('consentMail.created', created),
    w.text('consentMail.underAge'),
    '',
    w.text('consentMail.openLink'),
    '',
    input.link,
    '',
    w.text('consentMail.deadline', days),
    w.text('consentMail.unknownStudent'),
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = [
    `<p>${w.html('consentMail.hello')}</p>`,
    `<p>${w.html('consentMail.created', created)}</p>`,
    `<p>${w.html('consentMail.underAge')}</p>`,
    `<p>${w.html('consentMail.openLink')}</p>`,
    `<p><a href="${link}">${link}</a></p>`,
    `<p>${w.html('consentMail.deadline', days)}</p>`,
    `<p>${w.html('consentMail.unknownStudent')}</p>`,
  ].join('\n');
  return { subject, text, html };
}
