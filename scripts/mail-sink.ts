// Local SMTP capture for development and tests: every message svc-auth sends lands here as one
// JSON file, so a person (console) or a test (readMail) can follow the real reset link.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { extractAddresses, extractLinks, parseMail } from './mime.ts';

export interface StoredMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  date: string;
}

export interface MailSinkOptions {
  dir: string;
  port?: number;
  host?: string;
  // Called for each stored message (the platform prints reset links with it).
  onMail?: (mail: StoredMail, file: string) => void;
}

export interface MailSink {
  port: number;
  url: string;
  dir: string;
  stop(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export async function startMailSink(options: MailSinkOptions): Promise<MailSink> {
  const host = options.host ?? '127.0.0.1';
  await mkdir(options.dir, { recursive: true });
  let sequence = 0;

  const server = new SMTPServer({
    // A plain local sink: no TLS, no login, anyone on loopback may send.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: MAX_MESSAGE_BYTES,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        store(Buffer.concat(chunks), envelopeTo, envelopeFrom).then(() => callback(), callback);
      });
    },
  });

  async function store(raw: Buffer, envelopeTo: string[], envelopeFrom: string): Promise<void> {
    const parsed = parseMail(raw);
    const to = envelopeTo.length > 0 ? envelopeTo : extractAddresses(parsed.to);
    const mail: StoredMail = {
      to: to.join(', '),
      from: parsed.from || envelopeFrom,
      subject: parsed.subject,
      text: parsed.text,
      html: parsed.html,
      date: parsed.date,
    };
    sequence += 1;
    // Sortable names: time first, then a counter for messages in the same millisecond.
    const safeTo = (to[0] ?? 'unknown').replace(/[^a-z0-9@._-]/gi, '_').slice(0, 80);
    const name = `${Date.now()}-${String(sequence).padStart(4, '0')}-${safeTo}.json`;
    const file = join(options.dir, name);
    // Write then rename, so a poller never reads half a message.
    await writeFile(`${file}.tmp`, JSON.stringify(mail, null, 2));
    await rename(`${file}.tmp`, file);
    options.onMail?.(mail, file);
  }

  const port = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  server.on('error', (err) => console.error(`mail sink: ${err.message}`));

  return {
    port,
    url: `smtp://${host}:${port}`,
    dir: options.dir,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// One console line per message: who it went to and the links in it (reset links, mostly).
export function describeMail(mail: StoredMail): string {
  const links = extractLinks(mail.text || mail.html);
  const linkText = links.length > 0 ? ` ${links.join(' ')}` : '';
  return `mail to ${mail.to}: "${mail.subject}"${linkText}`;
}
