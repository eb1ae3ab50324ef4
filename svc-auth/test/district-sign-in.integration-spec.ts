import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DISTRICT_SIGN_IN_PATHS } from '@district/contracts';
import { registration, startAuthService, type AuthTestService } from './support/auth-fixtures';
import {
  CALLBACK_URL,
  CLIENT_ID,
  DistrictBrowser,
  districtConfig,
  startDistrictIdp,
  type RunningIdp,
} from './support/district-idp';

// Issue 31: "Sign in with the district's account" against the real local provider
// (scripts/district-idp.ts, oidc-provider): discovery, PKCE, its login page, signed ID tokens.
describe('district sign-in (OpenID Connect)', () => {
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

  async function me(b: DistrictBrowser) {
    const response = await b.platformGet('/api/user');
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function accountsWithEmail(email: string): Promise<number> {
    const rows = (await auth.db.query(
      `SELECT count(*)::int AS n FROM auth.users WHERE lower(email) = lower($1)`,
      [email],
    )) as { n: number }[];
    return rows[0].n;
  }

  it('offers the button and sends the browser to the provider with PKCE, state and nonce', async () => {
    const options = await (await browser().platformGet(DISTRICT_SIGN_IN_PATHS.options)).json();
    expect(options).toMatchObject({ enabled: true, helpContact: 'help@district.test' });
    expect((options as { logoutUrl: string }).logoutUrl).toContain(idp.issuer);

    const b = browser();
    const authorize = await b.start('es');
    expect(authorize.origin).toBe(new URL(idp.issuer).origin);
    const params = authorize.searchParams;
    expect(params.get('client_id')).toBe(CLIENT_ID);
    expect(params.get('redirect_uri')).toBe(CALLBACK_URL);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('ui_locales')).toBe('es');
    expect(b.platform.get('district_sign_in')).toBeDefined();
  });

  it('makes a student account from the claims on the first sign-in, and signs the same person into it again', async () => {
    const first = browser();
    expect(await first.signIn('ada.student@students.district.test')).toBe('/');
    const { status, body } = await me(first);
    expect(status).toBe(200);
    // The page may offer the provider's sign-out after the platform's.
    expect(first.platform.get('district_session')).toBe('1');
    expect(body).toMatchObject({
      username: 'ada.student',
      email: 'ada.student@students.district.test',
      name: 'Ada Student',
      school: 'Kenner Discovery Health Sciences Academy',
      grade: 7,
    });
    // Replicas learn the person as from a registration.
    const events = (await auth.db.query(
      `SELECT payload FROM auth.outbox WHERE type = 'user.registered'`,
    )) as { payload: { id: number } }[];
    expect(events.map((e) => e.payload.id)).toContain(body.id);

    const again = browser();
    expect(await again.signIn('ada.student@students.district.test')).toBe('/');
    expect((await me(again)).body.id).toBe(body.id);
    expect(await accountsWithEmail('ada.student@students.district.test')).toBe(1);
  });

  it('links a rostered account (no password) by its verified e-mail and keeps the roster’s school and grade', async () => {
    const [{ id }] = (await auth.db.query(
      `INSERT INTO auth.users (username, password_hash, name, email, school, grade)
       VALUES ('carlos.roster', NULL, 'Carlos Student', 'Carlos.Student@students.district.test', 'Grand Isle School', 9)
       RETURNING id`,
    )) as { id: number }[];
    const b = browser();
    expect(await b.signIn('carlos.student@students.district.test')).toBe('/');
    const { body } = await me(b);
    expect(body).toMatchObject({
      id,
      username: 'carlos.roster',
      school: 'Grand Isle School',
      grade: 9,
    });
    const links = (await auth.db.query(
      `SELECT issuer, subject FROM auth.district_identities WHERE user_id = $1`,
      [id],
    )) as { issuer: string; subject: string }[];
    expect(links).toEqual([{ issuer: idp.issuer, subject: 'district-0003' }]);
  });

  it('links a password account only after its owner confirms the password; then both ways work', async () => {
    const body = registration({ email: 'grace.teacher@district.test' });
    expect((await auth.request('POST', '/api/register', { json: body })).status).toBe(200);

    const b = browser();
    expect(await b.signIn('grace.teacher@district.test')).toBe('/auth/district/link');
    // Not signed in yet.
    expect((await me(b)).status).toBe(401);
    const pending = await b.platformGet(DISTRICT_SIGN_IN_PATHS.link);
    expect(await pending.json()).toEqual({
      username: body.username,
      email: 'grace.teacher@district.test',
    });

    const post = (password: string) =>
      fetch(new URL(DISTRICT_SIGN_IN_PATHS.link, auth.service.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: b.platform.header() },
        body: JSON.stringify({ password }),
      });
    const wrong = await post('not the password');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'That password is not correct' });
    expect(await auth.db.query(`SELECT 1 FROM auth.district_identities`)).toHaveLength(2);

    const right = await post(body.password as string);
    expect(right.status).toBe(200);
    b.platform.take(right);
    expect((await me(b)).body).toMatchObject({ username: body.username });

    // Next time straight in, and the password still works.
    const later = browser();
    expect(await later.signIn('grace.teacher@district.test')).toBe('/');
    const login = await auth.request('POST', '/api/login', {
      json: { username: body.username, password: body.password },
    });
    expect(login.status).toBe(200);
  });

  describe('refuses, with the reason on the shell’s page and no session', () => {
    async function refusedWith(b: DistrictBrowser, location: string, reason: string) {
      expect(location).toBe(`/auth/district?reason=${reason}`);
      expect(b.platform.get('sid')).toBeUndefined();
      expect((await me(b)).status).toBe(401);
    }

    it('a tampered state', async () => {
      const b = browser();
      const callback = await b.signInAtProvider(
        await b.start(),
        'ada.student@students.district.test',
        'district-idp-dev',
      );
      callback.searchParams.set('state', 'tampered-state-value-0123456789');
      await refusedWith(b, await b.followCallback(callback), 'state-mismatch');
    });

    it('an ID token with another nonce than this browser’s request', async () => {
      const b = browser();
      const authorize = await b.start();
      authorize.searchParams.set('nonce', 'a-nonce-this-browser-never-made');
      const callback = await b.signInAtProvider(
        authorize,
        'ada.student@students.district.test',
        'district-idp-dev',
      );
      await refusedWith(b, await b.followCallback(callback), 'token-invalid');
    });

    it('an ID token issued for another audience', async () => {
      const b = browser();
      const callback = await b.signInAtProvider(
        await b.start(),
        'ada.student@students.district.test',
        'district-idp-dev',
      );
      await idp.misissueNextIdToken({ audience: 'another-application' });
      await refusedWith(b, await b.followCallback(callback), 'token-invalid');
    });

    it('an expired ID token', async () => {
      const b = browser();
      const callback = await b.signInAtProvider(
        await b.start(),
        'ada.student@students.district.test',
        'district-idp-dev',
      );
      await idp.misissueNextIdToken({ expiredSecondsAgo: 3600 });
      await refusedWith(b, await b.followCallback(callback), 'token-expired');
    });

    it('an ID token not signed with the provider’s published key', async () => {
      const b = browser();
      const callback = await b.signInAtProvider(
        await b.start(),
        'ada.student@students.district.test',
        'district-idp-dev',
      );
      await idp.misissueNextIdToken({ foreignKey: true });
      await refusedWith(b, await b.followCallback(callback), 'token-invalid');
    });

    it('an e-mail outside the allowed domains, and makes no account', async () => {
      const b = browser();
      await refusedWith(b, await b.signIn('guest@elsewhere.test'), 'domain-not-allowed');
      expect(await accountsWithEmail('guest@elsewhere.test')).toBe(0);
    });

    it('an e-mail the provider has not verified, and makes no account', async () => {
      const b = browser();
      await refusedWith(
        b,
        await b.signIn('unverified.student@students.district.test'),
        'email-unverified',
      );
      expect(await accountsWithEmail('unverified.student@students.district.test')).toBe(0);
    });

    it('under the roster policy, a person the roster does not have, and makes no account', async () => {
      await auth.db.query(
        `INSERT INTO auth.privacy_settings (id, registration_policy) VALUES (true, 'roster')
         ON CONFLICT (id) DO UPDATE SET registration_policy = 'roster'`,
      );
      try {
        const b = browser();
        await refusedWith(
          b,
          await b.signIn('beatriz.estudiante@students.district.test'),
          'not-rostered',
        );
        expect(await accountsWithEmail('beatriz.estudiante@students.district.test')).toBe(0);
      } finally {
        await auth.db.query(`UPDATE auth.privacy_settings SET registration_policy = 'open'`);
      }
    });

    it('a callback replayed after use, or without this browser’s request', async () => {
      const b = browser();
      const callback = await b.signInAtProvider(
        await b.start(),
        'ada.student@students.district.test',
        'district-idp-dev',
      );
      expect(await b.followCallback(callback)).toBe('/');
      const other = browser();
      await refusedWith(other, await other.followCallback(callback), 'expired');
    });
  });
});

describe('district sign-in while the provider does not answer', () => {
  let auth: AuthTestService;

  beforeAll(async () => {
    // A port nothing listens on: discovery fails, svc-auth starts and stays up all the same.
    const closed = await startDistrictIdp();
    const issuer = closed.issuer;
    await closed.stop();
    auth = await startAuthService(districtConfig(issuer));
  });

  afterAll(async () => {
    await auth?.close();
  });

  it('sends the browser to the refusal page saying so, and other sign-ins still work', async () => {
    const b = new DistrictBrowser(auth.service.url);
    const response = await b.platformGet(DISTRICT_SIGN_IN_PATHS.start);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth/district?reason=unavailable');
    const options = (await (await b.platformGet(DISTRICT_SIGN_IN_PATHS.options)).json()) as {
      enabled: boolean;
      logoutUrl: string | null;
    };
    expect(options).toMatchObject({ enabled: true, logoutUrl: null });
    const body = registration();
    expect((await auth.request('POST', '/api/register', { json: body })).status).toBe(200);
  });
});
