import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  PUBLIC_URL,
  registration,
  startAuthService,
  type AuthTestService,
} from './support/auth-fixtures';
import { resetTokenFrom } from './support/mail-sink';
import { eventually } from '@district/service-kit/testing';

let h: AuthTestService;

beforeAll(async () => {
  h = await startAuthService();
});

afterAll(async () => {
  await h?.close();
});

const REQUESTED = { message: 'If an account with that email exists, a reset link has been sent.' };

async function requestLink(email: string) {
  const since = h.mail.messages.length;
  const res = await h.request('POST', '/api/password-reset/request', { json: { email } });
  expect(res.status).toBe(200);
  expect(res.body).toEqual(REQUESTED);
  return resetTokenFrom(await h.mail.waitFor(email, { since }));
}

describe('password reset', () => {
  it('mails a link that sets a new password, ends every session, and works only once', async () => {
    const body = registration({ name: 'Rita Reset' });
    const email = body.email as string;
    const first = await h.request('POST', '/api/register', { json: body });
    const second = await h.request('POST', '/api/login', {
      json: { username: body.username, password: body.password },
    });

    const since = h.mail.messages.length;
    const res = await h.request('POST', '/api/password-reset/request', {
      json: { email: email.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(REQUESTED);
    const mail = await h.mail.waitFor(email, { since });
    expect(mail.from).toBe('no-reply@district.test');
    const { token, link, text, html } = resetTokenFrom(mail);
    expect(link).toBe(`${PUBLIC_URL}/reset-password?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(text).toContain('Hello Rita Reset');
    expect(text).toContain(body.username as string);
    expect(html).toContain(`href="${PUBLIC_URL}/reset-password?token=${token}"`);
    expect(mail.raw).toMatch(/^Subject: Reset your password/m);

    // Only the hash is stored.
    const rows = (await h.db.query('SELECT token_hash FROM auth.password_reset_tokens')) as Array<{
      token_hash: string;
    }>;
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);

    const reset = await h.request('POST', '/api/password-reset/reset', {
      json: { token, newPassword: 'a brand new secret' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Password has been reset successfully' });

    // Every session that existed before the reset is over.
    for (const sid of [first.sid, second.sid]) {
      expect((await h.request('GET', '/api/user', { sid })).status).toBe(401);
      expect((await h.request('GET', '/internal/auth/verify', { sid })).status).toBe(401);
    }
    // Old password refused, new one accepted.
    const old = await h.request('POST', '/api/login', {
      json: { username: body.username, password: body.password },
    });
    expect(old.status).toBe(401);
    const fresh = await h.request('POST', '/api/login', {
      json: { username: body.username, password: 'a brand new secret' },
    });
    expect(fresh.status).toBe(200);

    // The link is single-use.
    const again = await h.request('POST', '/api/password-reset/reset', {
      json: { token, newPassword: 'yet another secret' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      statusCode: 400,
      message: 'Invalid or expired reset token',
      error: 'Invalid or expired reset token',
    });
    expect(
      (
        await h.request('POST', '/api/login', {
          json: { username: body.username, password: 'a brand new secret' },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses an expired link and leaves the password alone', async () => {
    const body = registration();
    await h.request('POST', '/api/register', { json: body });
    const { token } = await requestLink(body.email as string);
    await h.db.query(
      "UPDATE auth.password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM auth.users WHERE username = $1)",
      [body.username],
    );
    const res = await h.request('POST', '/api/password-reset/reset', {
      json: { token, newPassword: 'too late for this' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid or expired reset token');
    expect(
      (
        await h.request('POST', '/api/login', {
          json: { username: body.username, password: body.password },
        })
      ).status,
    ).toBe(200);
  });

  it('gives links that expire one hour after the request', async () => {
    const body = registration();
    await h.request('POST', '/api/register', { json: body });
    await requestLink(body.email as string);
    const [row] = (await h.db.query(
      `SELECT extract(epoch FROM t.expires_at - t.created_at)::int AS seconds FROM auth.password_reset_tokens t
         JOIN auth.users u ON u.id = t.user_id WHERE u.username = $1`,
      [body.username],
    )) as Array<{ seconds: number }>;
    expect(row.seconds).toBeGreaterThanOrEqual(3599);
    expect(row.seconds).toBeLessThanOrEqual(3601);
  });

  it('a used link also spends the older links of the same account', async () => {
    const body = registration();
    await h.request('POST', '/api/register', { json: body });
    const older = await requestLink(body.email as string);
    const newer = await requestLink(body.email as string);
    expect(older.token).not.toBe(newer.token);
    expect(
      (
        await h.request('POST', '/api/password-reset/reset', {
          json: { token: newer.token, newPassword: 'the newest one' },
        })
      ).status,
    ).toBe(200);
    const stale = await h.request('POST', '/api/password-reset/reset', {
      json: { token: older.token, newPassword: 'an older attempt' },
    });
    expect(stale.status).toBe(400);
  });

  it('answers an unknown address exactly like a known one, sends nothing, and takes about as long', async () => {
    const body = registration();
    await h.request('POST', '/api/register', { json: body });
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 7; i += 1) {
      for (const [kind, email] of [
        ['known', body.email],
        ['unknown', `nobody-${i}@example.org`],
      ] as const) {
        const started = performance.now();
        const res = await h.request('POST', '/api/password-reset/request', { json: { email } });
        timings[kind].push(performance.now() - started);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(REQUESTED);
      }
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // Both paths only queue a job; the lookup, the token and SMTP happen in the worker. The bound is
    // loose for a busy CI machine, yet far below what a lookup plus a mail send would add.
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(40);
    await h.mail.waitFor(body.email as string);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(h.mail.messages.some((m) => m.to.some((to) => to.startsWith('nobody-')))).toBe(false);
  });

  it('stops mailing one inbox after 5 links in an hour (the answer stays the same)', async () => {
    const body = registration();
    await h.request('POST', '/api/register', { json: body });
    const email = body.email as string;
    for (let i = 0; i < 7; i += 1) {
      const res = await h.request('POST', '/api/password-reset/request', { json: { email } });
      expect(res.body).toEqual(REQUESTED);
    }
    await eventually(
      async () => expect(await h.mail.messages.filter((m) => m.to.includes(email)).length).toBe(5),
      { timeout: 10_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(h.mail.messages.filter((m) => m.to.includes(email))).toHaveLength(5);
  });

  it('sends one link per account when siblings share an address', async () => {
    const shared = `family-${Date.now()}@example.org`;
    const a = registration({ email: shared, name: 'Sibling One' });
    const b = registration({ email: shared, name: 'Sibling Two' });
    await h.request('POST', '/api/register', { json: a });
    await h.request('POST', '/api/register', { json: b });
    await h.request('POST', '/api/password-reset/request', { json: { email: shared } });
    await eventually(
      async () => expect(await h.mail.messages.filter((m) => m.to.includes(shared)).length).toBe(2),
      { timeout: 10_000 },
    );
    const texts = h.mail.messages
      .filter((m) => m.to.includes(shared))
      .map((m) => resetTokenFrom(m).text);
    expect(texts.some((t) => t.includes(a.username as string))).toBe(true);
    expect(texts.some((t) => t.includes(b.username as string))).toBe(true);
  });

  it('validates both endpoints with the spec messages and an `error` field on reset', async () => {
    const bad = await h.request('POST', '/api/password-reset/request', { json: { email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: 'email', message: 'Please enter a valid email address' },
    ]);
    const missing = await h.request('POST', '/api/password-reset/request', { json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].path).toBe('email');

    const short = await h.request('POST', '/api/password-reset/reset', {
      json: { token: 'abc', newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      statusCode: 400,
      message: 'Password must be at least 8 characters long',
      error: 'Password must be at least 8 characters long',
      errors: [{ path: 'newPassword', message: 'Password must be at least 8 characters long' }],
    });
    const noToken = await h.request('POST', '/api/password-reset/reset', {
      json: { newPassword: 'long enough pass' },
    });
    expect(noToken.status).toBe(400);
    expect(noToken.body.errors[0].path).toBe('token');
    expect(typeof noToken.body.error).toBe('string');
    const unknown = await h.request('POST', '/api/password-reset/reset', {
      json: { token: 'x'.repeat(43), newPassword: 'long enough pass' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Invalid or expired reset token');
  });
});
