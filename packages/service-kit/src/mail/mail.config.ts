import { z } from 'zod';

// The variables of a service that sends mail (merge into the service's own config schema).
export const mailConfigSchema = z.object({
  // The gateway's public address: links in mail point there; https ⇒ Secure cookies (svc-auth).
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }),
  MAIL_FROM: z.string().min(3).default('District Volunteers <no-reply@district.local>'),
});
export type MailConfig = z.output<typeof mailConfigSchema>;
