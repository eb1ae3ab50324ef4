// Reads what the platform's SMTP sink captured for this run (one JSON file per message).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runEnv } from './run-env.ts';

export interface CapturedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  date: string;
}

export interface ReadMailOptions {
  // Only messages that arrived at or after this time (e.g. taken just before the action).
  since?: Date;
  subject?: string | RegExp;
  timeoutMs?: number;
}

// Polls until a message to that address arrives; returns the newest match.
export async function readMail(to: string, options: ReadMailOptions = {}): Promise<CapturedMail> {
  const address = to.toLowerCase();
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const match = await newestMatch(address, options);
    if (match) return match;
    if (Date.now() > deadline)
      throw new Error(
        `no mail to ${to} arrived in ${runEnv.mailDir} within ${options.timeoutMs ?? 15_000} ms`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function newestMatch(
  address: string,
  options: ReadMailOptions,
): Promise<CapturedMail | null> {
  // File names start with the arrival time, so name order is arrival order; newest first.
  const files = (await readdir(runEnv.mailDir))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .reverse();
  for (const file of files) {
    const arrived = Number(file.split('-')[0]);
    if (options.since && arrived < options.since.getTime()) break;
    const mail = JSON.parse(await readFile(join(runEnv.mailDir, file), 'utf8')) as CapturedMail;
    const recipients = mail.to.split(',').map((r) => r.trim().toLowerCase());
    if (!recipients.includes(address)) continue;
    if (options.subject !== undefined && !matches(mail.subject, options.subject)) continue;
    return mail;
  }
  return null;
}

function matches(value: string, pattern: string | RegExp): boolean {
  return typeof pattern === 'string' ? value.includes(pattern) : pattern.test(value);
}

// The first link in the message whose path contains `pathPart` (e.g. "/reset-password").
export function linkFrom(mail: CapturedMail, pathPart: string): string {
  const links = [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) =>
    m[0].replace(/&amp;/g, '&'),
  );
  const link = links.find((l) => l.includes(pathPart));
  if (!link)
    throw new Error(
      `no link containing ${pathPart} in mail "${mail.subject}": ${links.join(' ') || '(no links)'}`,
    );
  return link;
}
