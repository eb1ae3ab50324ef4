// A small MIME reader for the dev/test mail sink: enough of RFC 2045-2047 to read what nodemailer
// sends (multipart/alternative, quoted-printable or base64 bodies, encoded-word headers).
// `mailparser` is not installable here, and the sink only needs text, html and a few headers.

export interface ParsedMail {
  subject: string;
  from: string;
  to: string;
  date: string;
  text: string;
  html: string;
}

interface Part {
  headers: Map<string, string>;
  // Body as a "binary string": one char per byte (latin1), so no byte is lost before decoding.
  body: string;
}

interface ContentType {
  type: string;
  params: Map<string, string>;
}

export function parseMail(raw: Buffer | string): ParsedMail {
  const binary =
    typeof raw === 'string' ? Buffer.from(raw, 'utf8').toString('latin1') : raw.toString('latin1');
  const root = splitPart(binary);
  const found = { text: '', html: '' };
  collectBodies(root, found);
  const header = (name: string): string => decodeHeaderValue(root.headers.get(name) ?? '');
  const date = root.headers.get('date');
  const parsedDate = date ? new Date(date) : new Date();
  return {
    subject: header('subject'),
    from: header('from'),
    to: header('to'),
    date: (Number.isNaN(parsedDate.getTime()) ? new Date() : parsedDate).toISOString(),
    text: found.text,
    html: found.html,
  };
}

function splitPart(binary: string): Part {
  const match = /\r?\n\r?\n/.exec(binary);
  const headerBlock = match ? binary.slice(0, match.index) : binary;
  const body = match ? binary.slice(match.index + match[0].length) : '';
  return { headers: parseHeaders(headerBlock), body };
}

export function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Unfold continuation lines (RFC 5322 2.2.3) before splitting name from value.
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // Keep the first occurrence: the top-most header is the one the sender wrote.
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

export function parseContentType(value: string | undefined): ContentType {
  const [typePart, ...rest] = (value ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  for (const piece of rest) {
    const eq = piece.indexOf('=');
    if (eq < 0) continue;
    const key = piece.slice(0, eq).trim().toLowerCase();
    let val = piece.slice(eq + 1).trim();
    if (val.startsWith('"') && val.endsWith('"')) val = val.slice(1, -1).replace(/\\(.)/g, '$1');
    params.set(key, val);
  }
  return { type: (typePart ?? 'text/plain').trim().toLowerCase() || 'text/plain', params };
}

function collectBodies(part: Part, found: { text: string; html: string }): void {
  const contentType = parseContentType(part.headers.get('content-type'));
  if (contentType.type.startsWith('multipart/')) {
    const boundary = contentType.params.get('boundary');
    if (!boundary) return;
    for (const child of splitMultipart(part.body, boundary)) collectBodies(splitPart(child), found);
    return;
  }
  const disposition = (part.headers.get('content-disposition') ?? '').toLowerCase();
  if (disposition.startsWith('attachment')) return;
  const charset = contentType.params.get('charset') ?? 'utf-8';
  const decoded = decodeBody(part.body, part.headers.get('content-transfer-encoding'), charset);
  // The first text/plain and text/html win: later ones are alternatives or attachments.
  if (contentType.type === 'text/plain' && !found.text) found.text = decoded;
  if (contentType.type === 'text/html' && !found.html) found.html = decoded;
}

export function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split(/\r?\n/)) {
    if (line.startsWith(delimiter)) {
      if (current) parts.push(current.join('\r\n'));
      // "--boundary--" closes the multipart; anything after it is epilogue.
      if (line.slice(delimiter.length).startsWith('--')) return parts;
      current = [];
      continue;
    }
    current?.push(line);
  }
  if (current) parts.push(current.join('\r\n'));
  return parts;
}

export function decodeBody(
  binary: string,
  transferEncoding: string | undefined,
  charset: string,
): string {
  const encoding = (transferEncoding ?? '7bit').trim().toLowerCase();
  let bytes: Buffer;
  if (encoding === 'base64') bytes = decodeBase64(binary);
  else if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(binary);
  else bytes = Buffer.from(binary, 'latin1');
  return decodeCharset(bytes, charset);
}

export function decodeBase64(text: string): Buffer {
  return Buffer.from(text.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
}

export function decodeQuotedPrintable(text: string): Buffer {
  // Soft line breaks ("=" at the end of a line) join lines; "=XX" is one byte.
  const joined = text.replace(/[ \t]+(?=\r?\n)/g, '').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i] as string;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

export function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase() || 'utf-8').decode(bytes);
  } catch {
    // Unknown label: UTF-8 is what every sender we run uses.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

export function decodeHeaderValue(value: string): string {
  // Headers arrive as binary strings: raw 8-bit bytes in them are UTF-8 (RFC 6532).
  const text = /[\u0080-\u00ff]/.test(value)
    ? Buffer.from(value, 'latin1').toString('utf8')
    : value;
  // Whitespace between two adjacent encoded words is not part of the text (RFC 2047 6.2).
  const word = /=\?[^?]+\?[bBqQ]\?[^?]*\?=/.source;
  const joined = text.replace(new RegExp(`(${word})\\s+(?=${word})`, 'g'), '$1');
  return joined.replace(
    /=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g,
    (_all, charset: string, kind: string, data: string) => {
      const bytes =
        kind.toUpperCase() === 'B'
          ? decodeBase64(data)
          : decodeQuotedPrintable(data.replace(/_/g, ' '));
      // A language suffix ("utf-8*en") is allowed by RFC 2231; drop it.
      return decodeCharset(bytes, charset.split('*')[0] ?? 'utf-8');
    },
  );
}

export function extractAddresses(value: string): string[] {
  const angle = [...value.matchAll(/<([^<>@\s]+@[^<>\s]+)>/g)].map((m) => m[1] as string);
  if (angle.length > 0) return angle.map((a) => a.toLowerCase());
  return [...value.matchAll(/[^\s,;<>"]+@[^\s,;<>"]+/g)].map((m) => m[0].toLowerCase());
}

export function extractLinks(text: string): string[] {
  return [
    ...new Set(
      [...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0].replace(/&amp;/g, '&')),
    ),
  ];
}
