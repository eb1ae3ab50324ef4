export interface ResetMail {
  subject: string;
  text: string;
  html: string;
}

// Shared with every service's mail (the kit's MailModule).
import { escapeHtml, type Values } from '@district/service-kit';
import type { MailKey, MailWriter } from './mail-texts';

// Plain text first (many school mail filters prefer it); the HTML part is the same words, in the
// account's language (issue 22). A mail whose point is one link: greeting, why, the link, what
// to do if it was not you.
function renderLinkMail(
  w: MailWriter,
  texts: { subject: MailKey; intro: MailKey; openLink: MailKey; ignore: MailKey },
  input: { name: string; username: string; link: string; values?: Values },
): ResetMail {
  const values = input.values ?? {};
  const subject = w.text(texts.subject);
  const text = [
    w.text('mail.greeting', { name: input.name }),
    '',
    w.text(texts.intro, { ...values, account: `"${input.username}"` }),
    w.text(texts.openLink, values),
    '',
    input.link,
    '',
    w.text(texts.ignore),
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = [
    `<p>${w.html('mail.greeting', { name: input.name })}</p>`,
    `<p>${w.html(texts.intro, { ...values, account: input.username }, { account: (u) => `<strong>${u}</strong>` })}`,
    `${w.html(texts.openLink, values)}</p>`,
    `<p><a href="${link}">${link}</a></p>`,
    `<p>${w.html(texts.ignore)}</p>`,
  ].join('\n');
  return { subject, text, html };
}

export function renderResetMail(
  w: MailWriter,
  input: { name: string; username: string; link: string },
): ResetMail {
  return renderLinkMail(
    w,
    {
      subject: 'resetMail.subject',
      intro: 'resetMail.intro',
      openLink: 'resetMail.openLink',
      ignore: 'resetMail.ignore',
    },
    input,
  );
}

// Issue 31: the one-time link that lets the owner of this mailbox take over the platform account
// someone made with it, for their district account (DISTRICT_SIGN_IN_PATHS.claim).
export function renderClaimMail(
  w: MailWriter,
  input: { name: string; username: string; email: string; link: string; minutes: number },
): ResetMail {
  return renderLinkMail(
    w,
    {
      subject: 'claimMail.subject',
      intro: 'claimMail.intro',
      openLink: 'claimMail.openLink',
      ignore: 'claimMail.ignore',
    },
    { ...input, values: { email: input.email, minutes: input.minutes } },
  );
}
