export interface ResetMail {
  subject: string;
  text: string;
  html: string;
}

// Shared with every service's mail (the kit's MailModule).
import { escapeHtml } from '@district/service-kit';

// Plain text first (many school mail filters prefer it); the HTML part is the same words.
export function renderResetMail(input: {
  name: string;
  username: string;
  link: string;
}): ResetMail {
  const subject = 'Reset your password';
  const text = [
    `Hello ${input.name},`,
    '',
    `Someone asked to reset the password of the account "${input.username}".`,
    'Open this link within one hour to choose a new password:',
    '',
    input.link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays the same.',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = [
    `<p>Hello ${escapeHtml(input.name)},</p>`,
    `<p>Someone asked to reset the password of the account <strong>${escapeHtml(input.username)}</strong>.`,
    'Open this link within one hour to choose a new password:</p>',
    `<p><a href="${link}">${link}</a></p>`,
    '<p>If you did not ask for this, ignore this e-mail: your password stays the same.</p>',
  ].join('\n');
  return { subject, text, html };
}
