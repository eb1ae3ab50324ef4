import { escapeHtml } from '@district/service-kit';

export interface OpportunityChangedMail {
  to: string;
  name: string;
  title: string;
  location: string;
  when: string;
  previousLocation: string;
  previousWhen: string;
}

// Plain text first, the HTML part the same words (as the reset mail).
export function renderOpportunityChangedMail(mail: OpportunityChangedMail): {
  to: string;
  subject: string;
  text: string;
  html: string;
} {
  const subject = `Changed: ${mail.title}`;
  const lines = [
    `Hello ${mail.name},`,
    `An opportunity you signed up for has changed: ${mail.title}.`,
    `When: ${mail.when} (was ${mail.previousWhen})`,
    `Where: ${mail.location} (was ${mail.previousLocation})`,
    'If you can no longer come, please withdraw on the volunteer page so someone else can take your spot.',
  ];
  return {
    to: mail.to,
    subject,
    text: [lines[0], '', ...lines.slice(1)].join('\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}
