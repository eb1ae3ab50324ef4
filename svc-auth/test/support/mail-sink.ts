import { mailParts, type CapturedMail } from '@district/service-kit/testing';

// The kit's SMTP sink; this file adds what svc-auth's own mails need.
export {
  MailSink,
  mailParts,
  type CapturedMail,
  type MailPart,
} from '@district/service-kit/testing';

export function resetTokenFrom(mail: CapturedMail): {
  token: string;
  link: string;
  text: string;
  html: string;
} {
  const { parts } = mailParts(mail.raw);
  const text = parts.find((p) => p.contentType.startsWith('text/plain'))?.body ?? '';
  const html = parts.find((p) => p.contentType.startsWith('text/html'))?.body ?? '';
  const match = /(https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(text);
  if (!match) throw new Error(`no reset link in mail:\n${text}`);
  return { link: match[1], token: match[2], text, html };
}
