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

// The Subject header as the reader sees it (RFC 2047 encoded-words decoded: accents are sent
// as =?UTF-8?Q?…?= or =?UTF-8?B?…?=, possibly folded into several words).
export function subjectOf(mail: CapturedMail): string {
  const raw = mailParts(mail.raw).headers.subject ?? '';
  return raw
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQ(text),
    );
}

function decodeQ(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '_') bytes.push(32);
    else if (text[i] === '=') {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}
