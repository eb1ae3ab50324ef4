import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DISTRICT_SIGN_IN_PATHS } from '@district/contracts';
import { mailParts, type CapturedMail } from '@district/service-kit/testing';
import {
  PUBLIC_URL,
  registration,
  startAuthService,
  type AuthTestService,
} from './support/auth-fixtures';
import {
  DistrictBrowser,
  districtConfig,
  startDistrictIdp,
  type RunningIdp,
} from './support/district-idp';
import { subjectOf } from './support/mail-sink';

// Issue 31, a squatted e-mail: someone registered a password account with a student's address
// (open policy, or before the roster one). The student signing in with the district account is
// asked for a password they never made; "I never made a password here" mails a one-time link to
// the address the provider verified, and opening it gives them the account. Real local provider
// (oidc-provider), real mail through the SMTP sink.
describe('taking over a squatted account with the district account', () => {
  let idp: RunningIdp;
  let auth: AuthTestService;

  beforeAll(async () => {
    idp = await startDistrictIdp();
    auth = await startAuthService(districtConfig(idp.issuer));
  });

  afterAll(async () => {
    await auth?.close();
    await idp?.stop();
  });

  const browser = () => new DistrictBrowser(auth.service.url);
  const me = async (b: DistrictBrowser) => (await b.platformGet('/api/user')).status;
  const askForLink = (b: DistrictBrowser) =>
    fetch(new URL(DISTRICT_SIGN_IN_PATHS.claim, auth.service.url), {
      method: 'POST',
      headers: { cookie: b.platform.header() },
    });
  // The squatter's account, signed in (their session must end), with the student's address.
  const squat = async (email: string, language: 'en' | 'es' = 'en') => {
    const body = registration({ email });
    const registered = await auth.request('POST', '/api/register', { json: body });
    expect(registered.status).toBe(200);
    await auth.db.query('UPDATE auth.users SET language = $2 WHERE id = $1', [
      registered.body.id,
      language,
    ]);
    return { id: registered.body.id as number, sid: registered.sid!, body };
  };
  const linkIn = (mail: CapturedMail) => {
    const { parts } = mailParts(mail.raw);
    const text = parts.find((p) => p.contentType.startsWith('text/plain'))?.body ?? '';
    const html = parts.find((p) => p.contentType.startsWith('text/html'))?.body ?? '';
    const match = /(https?:\/\/\S+\/api\/auth\/district\/claim\/([A-Za-z0-9_-]+))/.exec(text);
    if (!match) throw new Error(`no link in mail:\n${text}`);
    return { link: match[1]!, token: match[2]!, text, html };
  };

  it('mails a one-time link that links the district account, removes the password, ends every session and signs the student in', async () => {
    const email = 'ada.student@students.district.test';
    const squatter = await squat(email);
    const b = browser();
    expect(await b.signIn(email)).toBe('/auth/district/link');

    // Without this browser's pending sign-in, nothing to ask for.
    expect((await askForLink(browser())).status).toBe(404);
    const since = auth.mail.messages.length;
    expect((await askForLink(b)).status).toBe(204);
    const mail = await auth.mail.waitFor(email, { since });
    expect(subjectOf(mail)).toBe('Link your district account');
    const { link, token, text, html } = linkIn(mail);
    expect(link).toBe(`${PUBLIC_URL}${DISTRICT_SIGN_IN_PATHS.claim}/${token}`);
    expect(text).toContain(squatter.body.username as string);
    expect(text).toContain('within 30 minutes');
    expect(html).toContain(`href="${link}"`);
    // Only the hash is kept.
    const stored = (await auth.db.query(
      'SELECT token_hash, expires_at - created_at AS ttl FROM auth.district_claim_tokens',
    )) as Array<{ token_hash: string }>;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    // Nothing has changed before the link is opened.
    expect((await auth.request('GET', '/api/user', { sid: squatter.sid })).status).toBe(200);

    const opened = await b.platformGet(link);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/');
    expect(await me(b)).toBe(200);
    const user = (await (await b.platformGet('/api/user')).json()) as { id: number };
    expect(user.id).toBe(squatter.id);

    // The squatter is out: session ended, password gone.
    expect((await auth.request('GET', '/api/user', { sid: squatter.sid })).status).toBe(401);
    const login = await auth.request('POST', '/api/login', {
      json: { username: squatter.body.username, password: squatter.body.password },
    });
    expect(login.status).toBe(401);
    expect(
      await auth.db.query('SELECT password_hash FROM auth.users WHERE id = $1', [squatter.id]),
    ).toEqual([{ password_hash: null }]);
    expect(
      await auth.db.query('SELECT issuer FROM auth.district_identities WHERE user_id = $1', [
        squatter.id,
      ]),
    ).toEqual([{ issuer: idp.issuer }]);
    const audit = (await auth.db.query(
      `SELECT actor_id, detail FROM auth.audit_log WHERE action = 'user.district-claim'`,
    )) as Array<{ actor_id: number; detail: Record<string, unknown> }>;
    expect(audit).toEqual([
      { actor_id: squatter.id, detail: { issuer: idp.issuer, passwordRemoved: true } },
    ]);

    // Single use.
    const again = await browser().platformGet(link);
    expect(again.headers.get('location')).toBe('/auth/district?reason=claim-link-invalid');
    // From now on the district account opens it directly.
    expect(await browser().signIn(email)).toBe('/');
  });

  it('writes the mail in the account’s language; opened elsewhere, it hands out no session but sends the browser through the district sign-in', async () => {
    const email = 'beatriz.estudiante@students.district.test';
    const squatter = await squat(email, 'es');
    const b = browser();
    expect(await b.signIn(email)).toBe('/auth/district/link');
    const since = auth.mail.messages.length;
    expect((await askForLink(b)).status).toBe(204);
    const mail = await auth.mail.waitFor(email, { since });
    expect(subjectOf(mail)).toBe('Vincula tu cuenta del distrito');
    const { link, text } = linkIn(mail);
    expect(text).toContain('antes de que pasen 30 minutos');

    // Another browser (the mail opened on a phone, or a mail filter following links).
    const phone = browser();
    const opened = await phone.platformGet(link);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`${DISTRICT_SIGN_IN_PATHS.start}?lang=es`);
    expect(phone.platform.get('sid')).toBeUndefined();
    expect((await auth.request('GET', '/api/user', { sid: squatter.sid })).status).toBe(401);
    // The district sign-in now opens the account.
    expect(await phone.signIn(email)).toBe('/');
    const user = (await (await phone.platformGet('/api/user')).json()) as { id: number };
    expect(user.id).toBe(squatter.id);
  });

  it('refuses an unknown or expired link, changing nothing', async () => {
    const email = 'carlos.student@students.district.test';
    const squatter = await squat(email);
    const b = browser();
    expect(await b.signIn(email)).toBe('/auth/district/link');
    const since = auth.mail.messages.length;
    expect((await askForLink(b)).status).toBe(204);
    const { link } = linkIn(await auth.mail.waitFor(email, { since }));
    await auth.db.query(
      `UPDATE auth.district_claim_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [squatter.id],
    );
    for (const target of [link, `${DISTRICT_SIGN_IN_PATHS.claim}/${'x'.repeat(43)}`]) {
      const opened = await b.platformGet(target);
      expect(opened.headers.get('location')).toBe('/auth/district?reason=claim-link-invalid');
    }
    expect(await me(b)).toBe(401);
    expect((await auth.request('GET', '/api/user', { sid: squatter.sid })).status).toBe(200);
  });
});
