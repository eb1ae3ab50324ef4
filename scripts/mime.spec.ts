import { describe, expect, it } from '@jest/globals';
import {
  decodeHeaderValue,
  decodeQuotedPrintable,
  extractAddresses,
  extractLinks,
  parseContentType,
  parseMail,
} from './mime.ts';

describe('decodeQuotedPrintable', () => {
  it('joins soft line breaks and decodes =XX bytes as UTF-8', () => {
    const qp =
      'Caf=C3=A9 na=C3=AFve: https://example.test/reset-password?token=3Dab=\r\ncd and more';
    expect(decodeQuotedPrintable(qp).toString('utf8')).toBe(
      'Café naïve: https://example.test/reset-password?token=abcd and more',
    );
  });

  it('keeps a lone "=" that is not followed by two hex digits', () => {
    expect(decodeQuotedPrintable('a=zz b').toString('utf8')).toBe('a=zz b');
  });
});

describe('decodeHeaderValue', () => {
  it('decodes B and Q encoded words and drops the space between adjacent words', () => {
    expect(decodeHeaderValue('=?UTF-8?B?UmVzZXQgeW91ciBwYXNzd29yZCDinJM=?=')).toBe(
      'Reset your password ✓',
    );
    expect(decodeHeaderValue('=?utf-8?Q?R=C3=A9initialiser_le?= =?utf-8?Q?_mot_de_passe?=')).toBe(
      'Réinitialiser le mot de passe',
    );
  });

  it('leaves plain text alone and keeps text around encoded words', () => {
    expect(decodeHeaderValue('Hello =?utf-8?Q?W=C3=B6rld?= again')).toBe('Hello Wörld again');
    expect(decodeHeaderValue('Plain subject')).toBe('Plain subject');
  });
});

describe('parseContentType', () => {
  it('reads the type and quoted parameters', () => {
    const ct = parseContentType('multipart/alternative; boundary="--_NmP-abc=="; charset=UTF-8');
    expect(ct.type).toBe('multipart/alternative');
    expect(ct.params.get('boundary')).toBe('--_NmP-abc==');
    expect(ct.params.get('charset')).toBe('UTF-8');
  });
});

describe('parseMail', () => {
  it('reads text and html from a multipart/alternative message with mixed encodings', () => {
    const html = Buffer.from(
      '<p>Hi Zoë, <a href="http://localhost:8080/reset-password?token=xyz">reset</a></p>',
    ).toString('base64');
    const raw = [
      'From: District Volunteers <no-reply@district.local>',
      'To: =?utf-8?Q?Zo=C3=AB?= <zoe@example.test>',
      'Subject: =?UTF-8?Q?Reset_your_password?=',
      'Date: Sat, 21 Nov 2026 10:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative;',
      ' boundary="b1"',
      '',
      'preamble',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Hi Zo=C3=AB, open http://localhost:8080/reset-password?token=3Dxyz to res=',
      'et.',
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      html.slice(0, 40),
      html.slice(40),
      '--b1--',
      'epilogue',
    ].join('\r\n');
    const mail = parseMail(Buffer.from(raw, 'utf8'));
    expect(mail.subject).toBe('Reset your password');
    expect(mail.from).toBe('District Volunteers <no-reply@district.local>');
    expect(mail.to).toBe('Zoë <zoe@example.test>');
    expect(mail.date).toBe('2026-11-21T10:00:00.000Z');
    expect(mail.text).toBe('Hi Zoë, open http://localhost:8080/reset-password?token=xyz to reset.');
    expect(mail.html).toContain(
      '<a href="http://localhost:8080/reset-password?token=xyz">reset</a>',
    );
  });

  it('reads a single-part 8bit body and skips attachments in multipart/mixed', () => {
    const raw = [
      'Subject: Plain',
      'Content-Type: multipart/mixed; boundary=outer',
      '',
      '--outer',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      'Grüße',
      '--outer',
      'Content-Type: text/plain',
      'Content-Disposition: attachment; filename="x.txt"',
      '',
      'not the body',
      '--outer--',
    ].join('\n');
    const mail = parseMail(Buffer.from(raw, 'utf8'));
    expect(mail.text).toBe('Grüße');
    expect(mail.html).toBe('');
  });
});

describe('addresses and links', () => {
  it('extracts plain addresses from display forms', () => {
    expect(extractAddresses('"Zoë" <Zoe@Example.test>, bob@example.test')).toEqual([
      'zoe@example.test',
    ]);
    expect(extractAddresses('bob@example.test, amy@example.test')).toEqual([
      'bob@example.test',
      'amy@example.test',
    ]);
  });

  it('finds each link once, unescaping &amp; from html', () => {
    expect(
      extractLinks('<a href="http://x.test/a?b=1&amp;c=2">x</a> http://x.test/a?b=1&c=2'),
    ).toEqual(['http://x.test/a?b=1&c=2']);
  });
});
