import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from '@jest/globals';
import { describeMail, startMailSink, type MailSink, type StoredMail } from './mail-sink.ts';

describe('startMailSink', () => {
  let sink: MailSink | null = null;
  let dir = '';

  afterEach(async () => {
    await sink?.stop();
    sink = null;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('stores a message sent by nodemailer as JSON with decoded text, html and subject', async () => {
    dir = await mkdtemp(join(tmpdir(), 'mail-sink-'));
    const seen: StoredMail[] = [];
    sink = await startMailSink({ dir, onMail: (mail) => seen.push(mail) });
    const link = `http://localhost:8080/reset-password?token=${'a1b2c3'.repeat(10)}`;
    const transport = nodemailer.createTransport(sink.url);
    await transport.sendMail({
      from: 'District Volunteers <no-reply@district.local>',
      to: 'Zoë Student <Zoe.Student@example.test>',
      subject: 'Réinitialiser — reset your password',
      // A long non-ASCII line makes nodemailer pick quoted-printable with soft breaks.
      text: `Bonjour Zoë! ${'Long line. '.repeat(12)}Open ${link} to choose a new password.`,
      html: `<p>Bonjour Zoë!</p><p><a href="${link}">Reset password</a></p>`,
    });
    transport.close();

    const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(1);
    const stored = JSON.parse(await readFile(join(dir, files[0] as string), 'utf8')) as StoredMail;
    expect(stored.to).toBe('zoe.student@example.test');
    expect(stored.from).toBe('District Volunteers <no-reply@district.local>');
    expect(stored.subject).toBe('Réinitialiser — reset your password');
    expect(stored.text).toContain(`Open ${link} to choose`);
    expect(stored.text.startsWith('Bonjour Zoë!')).toBe(true);
    expect(stored.html).toContain(`<a href="${link}">Reset password</a>`);
    expect(Number.isNaN(Date.parse(stored.date))).toBe(false);
    expect(seen).toHaveLength(1);
    expect(describeMail(stored)).toContain(link);
  });

  it('keeps messages in arrival order in file-name order', async () => {
    dir = await mkdtemp(join(tmpdir(), 'mail-sink-'));
    sink = await startMailSink({ dir });
    const transport = nodemailer.createTransport(sink.url);
    for (const n of [1, 2, 3]) {
      await transport.sendMail({
        from: 'a@district.local',
        to: `u${n}@example.test`,
        subject: `n${n}`,
        text: `message ${n}`,
      });
    }
    transport.close();
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
    const subjects = await Promise.all(
      files.map(
        async (f) => (JSON.parse(await readFile(join(dir, f), 'utf8')) as StoredMail).subject,
      ),
    );
    expect(subjects).toEqual(['n1', 'n2', 'n3']);
  });
});
