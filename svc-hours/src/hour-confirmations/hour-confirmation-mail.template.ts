import { escapeHtml, type OutgoingMail } from '@district/service-kit';

export interface ConfirmationMailInput {
  to: string;
  organisation: string;
  firstName: string;
  school: string;
  hours: number;
  date: string;
  description: string;
  link: string;
  expiresAt: Date;
}

// Plain text first (many mail filters prefer it); the HTML part says the same.
export function renderConfirmationMail(input: ConfirmationMailInput): OutgoingMail {
  const hours = `${input.hours} ${input.hours === 1 ? 'hour' : 'hours'}`;
  const until = input.expiresAt.toISOString().slice(0, 10);
  const subject = `Please confirm ${input.firstName}'s volunteer hours`;
  const text = [
    'Hello,',
    '',
    `${input.firstName} (${input.school}) logged ${hours} of volunteering with ${input.organisation} on ${input.date}:`,
    '',
    input.description,
    '',
    `Open this link to confirm or decline these hours (it works once, until ${until}):`,
    '',
    input.link,
    '',
    'If you do not know this student, decline or ignore this e-mail. No account is needed.',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = [
    '<p>Hello,</p>',
    `<p>${escapeHtml(input.firstName)} (${escapeHtml(input.school)}) logged <strong>${hours}</strong> of volunteering with ${escapeHtml(input.organisation)} on ${escapeHtml(input.date)}:</p>`,
    `<blockquote>${escapeHtml(input.description)}</blockquote>`,
    `<p>Open this link to confirm or decline these hours (it works once, until ${until}):</p>`,
    `<p><a href="${link}">${link}</a></p>`,
    '<p>If you do not know this student, decline or ignore this e-mail. No account is needed.</p>',
  ].join('\n');
  return { to: input.to, subject, text, html };
}
