export interface ResetMail {
  subject: string;
  text: string;
  html: string;
}

// Shared with every service's mail (the kit's MailModule).
import { escapeHtml } from '@district/service-kit';
import type { MailWriter } from './mail-texts';

// Plain text first (many school mail filters prefer it); the HTML part is the same words, in the
// account's language (issue 22).
export function renderResetMail(
  w: MailWriter,
  input: {
    name: string;
    username: string;
    link: string;
  },
): ResetMail {
  const subject = w.text('resetMail.subject');
  const text = [
    w.text('mail.greeting', { name: input.name }),
    '',
    w.text('resetMail.intro', { account: `"${input.username}"` }),
    w.text('resetMail.openLink'),
    '',
    input.link,
    '',
    w.text('resetMail.ignore'),
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = [
    `<p>${w.html('mail.greeting', { name: input.name })}</p>`,
    `<p>${w.html('resetMail.intro', { account: input.username }, { account: (u) => `<strong>${u}</strong>` })}`,
    `${w.html('resetMail.openLink')}</p>`,
    `<p><a href="${link}">${link}</a></p>`,
    `<p>${w.html('resetMail.ignore')}</p>`,
  ].join('\n');
  return { subject, text, html };
}

// Issue 31: the one-time link that lets the owner of this mailbox take over the platform account
// someone made with it, for their district account (DISTRICT_SIGN_IN_PATHS.claim).
export function renderClaimMail(
  w: MailWriter,
  input: { name: string; username: string; email: string; link: string; minutes: number },
): ResetMail {
  const subject = w.text('claimMail.subject');
  const text = [
    w.text('mail.greeting', { name: input.name }),
    '',
    w.text('claimMail.intro', { email: input.email, account: `"${input.username}"` }),
    w.text('claimMail.openLink', { minutes: input.minutes }),
    '',
    input.link,
    '',
    w.text('claimMail.ignore'),
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = [
    `<p>${w.html('mail.greeting', { name: input.name })}</p>`,
    `<p>${w.html('claimMail.intro', { email: input.email, account: input.username }, { account: (u) => `<strong>${u}</strong>` })}`,
    `${w.html('claimMail.openLink', { minutes: input.minutes })}</p>`,
    `<p><a href="${link}">${link}</a></p>`,
    `<p>${w.html('claimMail.ignore')}</p>`,
  ].join('\n');
  return { subject, text, html };
}
