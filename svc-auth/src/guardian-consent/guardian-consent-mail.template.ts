import { escapeHtml } from '@district/service-kit';
import type { ResetMail } from '../mail/reset-mail.template';

// To the guardian: who asked, what it is for, where to answer. Plain text first, same words in HTML.
export function renderGuardianConsentMail(input: {
  studentName: string;
  school: string;
  link: string;
  deadlineDays: number;
}): ResetMail {
  const subject = `Your consent for ${input.studentName} on the district volunteering platform`;
  const lines = [
    'Hello,',
    '',
    `${input.studentName} (${input.school}) created an account on the school district's volunteering platform and gave this address as a parent's or guardian's.`,
    'Because they are under 13, the account stays limited until you agree: they cannot post on the blog or add photos, and other students do not see them.',
    '',
    'Open this link to read what the platform collects and to consent or refuse:',
  ];
  const after = [
    `If nobody answers within ${input.deadlineDays} days, the account and everything in it is deleted.`,
    'If you do not know this student, refuse: the account is deleted at once.',
  ];
  const text = [...lines, '', input.link, '', ...after].join('\n');
  const link = escapeHtml(input.link);
  const html = [
    ...lines.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${link}">${link}</a></p>`,
    ...after.map((line) => `<p>${escapeHtml(line)}</p>`),
  ].join('\n');
  return { subject, text, html };
}
