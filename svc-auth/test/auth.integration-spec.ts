import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { verifyIdentityToken } from '@district/service-kit';
import { TEST_IDENTITY_SECRET, eventually } from '@district/service-kit/testing';
import { registration, startAuthService, type AuthTestService } from './support/auth-fixtures';

let h: AuthTestService;

beforeAll(async () => {
  h = await startAuthService();
});

afterAll(async () => {
  await h?.close();
});

async function countUsers(): Promise<number> {
  const [{ n }] = (await h.db.query('SELECT count(*)::int AS n FROM auth.users')) as Array<{
    n: number;
  }>;
  return n;
}

describe('POST /api/register', () => {
  it('creates the account, answers the user, and signs the browser in', async () => {
    const body = registration({ name: 'Grace Hopper', serviceHours: 12.5 });
    const res = await h.request('POST', '/api/register', { json: body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      // Issue 20: the owner's opaque directory key (their row in the directory has no id).
      ref: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/),
      username: body.username,
      name: 'Grace Hopper',
      email: body.email,
      school: 'Jesuit High School',
      grade: 10,
      avatarUrl: null,
      serviceHours: 12.5,
      isAdmin: false,
      isSupervisor: false,
      // Issue 20: the district's default (visible unless an admin changed the policy).
      directoryVisible: true,
      // Issue 20: school consent mode, so never waiting for a guardian.
      restricted: false,
      // Issue 22: no Accept-Language, so English.
      language: 'en',
    });
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('passwordHash');
    const cookie = res.setCookie.find((c) => c.startsWith('sid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    // PUBLIC_URL is http in this run, so no Secure flag.
    expect(cookie).not.toMatch(/Secure/i);
    const me = await h.request('GET', '/api/user', { sid: res.sid });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
    expect(me.headers.get('cache-control')).toBe('no-store');
  });

  it('stores an argon2id hash, never the password', async () => {
    const body = registration();
    await h.request('POST', '/api/register', { json: body });
    const [row] = (await h.db.query('SELECT password_hash FROM auth.users WHERE username = $1', [
      body.username,
    ])) as Array<{
      password_hash: string;
    }>;
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(body.password as string);
  });

  it('defaults serviceHours to 0', async () => {
    const { serviceHours: _omit, ...body } = registration();
    const res = await h.request('POST', '/api/register', { json: body });
    expect(res.status).toBe(200);
    expect(res.body.serviceHours).toBe(0);
  });

  it('refuses a username that differs only in case, with the field named', async () => {
    const body = registration({ username: 'MixedCaseName' });
    expect((await h.request('POST', '/api/register', { json: body })).status).toBe(200);
    const before = await countUsers();
    const again = await h.request('POST', '/api/register', {
      json: registration({ username: 'mixedcasename' }),
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      statusCode: 400,
      message: 'Username already exists',
      errors: [{ path: 'username', message: 'Username already exists' }],
    });
    expect(again.sid).toBeUndefined();
    expect(await countUsers()).toBe(before);
  });

  it('lets exactly one of two simultaneous registrations of one name win, and the other gets a 400', async () => {
    const results = await Promise.all([
      h.request('POST', '/api/register', { json: registration({ username: 'RaceWinner' }) }),
      h.request('POST', '/api/register', { json: registration({ username: 'racewinner' }) }),
      h.request('POST', '/api/register', { json: registration({ username: 'RACEWINNER' }) }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400]);
    for (const loser of results.filter((r) => r.status === 400)) {
      expect(loser.body.message).toBe('Username already exists');
    }
    const rows = (await h.db.query(
      "SELECT id FROM auth.users WHERE lower(username) = 'racewinner'",
    )) as unknown[];
    expect(rows).toHaveLength(1);
  });

  it('never grants a role from the request body', async () => {
    const before = await countUsers();
    for (const crafted of [
      { isAdmin: true },
      { isSupervisor: true },
      { isAdmin: true, isSupervisor: true },
    ]) {
      const res = await h.request('POST', '/api/register', { json: registration(crafted) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Roles cannot be set at registration');
      expect(res.body.errors[0].path).toMatch(/^is(Admin|Supervisor)$/);
    }
    expect(await countUsers()).toBe(before);
    // The spec form's own default (isSupervisor: false) is accepted and means nothing.
    const ok = await h.request('POST', '/api/register', {
      json: registration({ isSupervisor: false }),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.isSupervisor).toBe(false);
    expect(ok.body.isAdmin).toBe(false);
    // Fields that are not part of the form are refused too, naming the field.
    const sneaky = await h.request('POST', '/api/register', {
      json: registration({ is_admin: true }),
    });
    expect(sneaky.status).toBe(400);
    expect(sneaky.body.errors).toContainEqual({
      path: 'is_admin',
      message: 'Unrecognized field: is_admin',
    });
  });

  it('shows every validation message of the registration form', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
      [{ school: 'Hogwarts' }, 'school', 'Invalid school selection'],
      [{ avatarUrl: 'not a url' }, 'avatarUrl', 'Invalid avatar URL'],
      [{ avatarUrl: 'javascript:alert(1)' }, 'avatarUrl', 'Invalid avatar URL'],
      [{ grade: 5 }, 'grade', 'Grade must be between 6 and 12'],
      [{ grade: 13 }, 'grade', 'Grade must be between 6 and 12'],
      [{ grade: 7.5 }, 'grade', 'Grade must be a whole number'],
      [{ grade: 'ten' }, 'grade', 'Expected number, received string'],
      [{ serviceHours: -1 }, 'serviceHours', 'Service hours cannot be negative'],
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters long'],
      [{ username: undefined }, 'username', 'Required'],
      [{ name: undefined }, 'name', 'Required'],
      [{ email: undefined }, 'email', 'Required'],
      [{ school: undefined }, 'school', 'Invalid school selection'],
      [{ grade: undefined }, 'grade', 'Required'],
      [{ password: undefined }, 'password', 'Required'],
      [{ username: 42 }, 'username', 'Expected string, received number'],
    ];
    const before = await countUsers();
    for (const [override, path, message] of cases) {
      const res = await h.request('POST', '/api/register', { json: registration(override) });
      expect(res.status).toBe(400);
      expect(res.body.statusCode).toBe(400);
      expect(res.body.errors).toContainEqual({ path, message });
    }
    expect(await countUsers()).toBe(before);
  });

  it('accepts every grade from 6 to 12 and the optional fields of the form', async () => {
    for (const grade of [6, 12]) {
      const res = await h.request('POST', '/api/register', {
        json: registration({ grade, avatarUrl: 'https://example.org/me.png', serviceHours: 0 }),
      });
      expect(res.status).toBe(200);
      expect(res.body.grade).toBe(grade);
      expect(res.body.avatarUrl).toBe('https://example.org/me.png');
    }
  });
});

describe('login and logout', () => {
  it('signs in with the right password (username in any case) and answers the user', async () => {
    const body = registration({ username: 'LoginCase' });
    const created = await h.request('POST', '/api/register', { json: body });
    const res = await h.request('POST', '/api/login', {
      json: { username: 'logincase', password: body.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created.body);
    expect(res.sid).toBeDefined();
    expect(res.sid).not.toBe(created.sid);
    const me = await h.request('GET', '/api/user', { sid: res.sid });
    expect(me.body.id).toBe(created.body.id);
  });

  it('answers 401 with one message for a wrong password and for an unknown user alike', async () => {
    const body = registration();
    await h.request('POST', '/api/register', { json: body });
    const wrong = await h.request('POST', '/api/login', {
      json: { username: body.username, password: 'not the password' },
    });
    const unknown = await h.request('POST', '/api/login', {
      json: { username: 'nobody-here', password: 'whatever123' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, message: 'Invalid username or password' });
      expect(res.sid).toBeUndefined();
    }
  });

  it('requires both fields, naming the missing one', async () => {
    const res = await h.request('POST', '/api/login', { json: { username: 'someone' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'password', message: 'Required' }]);
    const empty = await h.request('POST', '/api/login', { json: { username: '', password: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'password',
      'username',
    ]);
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const created = await h.request('POST', '/api/register', { json: registration() });
    const sid = created.sid!;
    expect((await h.request('GET', '/api/user', { sid })).status).toBe(200);
    const out = await h.request('POST', '/api/logout', { sid });
    expect(out.status).toBe(200);
    expect(out.setCookie.find((c) => c.startsWith('sid='))).toMatch(
      /Expires=Thu, 01 Jan 1970|Max-Age=0/i,
    );
    // The old cookie value is dead even if a client keeps sending it.
    expect((await h.request('GET', '/api/user', { sid })).status).toBe(401);
    expect((await h.request('GET', '/internal/auth/verify', { sid })).status).toBe(401);
    expect(await h.redis.exists(`${h.config.BULLMQ_PREFIX}:sess:${sid}`)).toBe(0);
  });

  // Issue 34: the shell's own session check; without ?optional=1 nothing changes (SPEC: 401).
  it('answers the optional session check with 204 and no body when nobody is signed in', async () => {
    const none = await h.request('GET', '/api/user?optional=1');
    expect([none.status, none.text, none.headers.get('cache-control')]).toEqual([
      204,
      '',
      'no-store',
    ]);
    expect((await h.request('GET', '/api/user')).status).toBe(401);
    const created = await h.request('POST', '/api/register', { json: registration() });
    const me = await h.request('GET', '/api/user?optional=1', { sid: created.sid });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: created.body.username });
    expect(me.headers.get('cache-control')).toBe('no-store');
    const bad = await h.request('GET', '/api/user?optional=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('optional');
  });

  it('logout without a session is still 200', async () => {
    expect((await h.request('POST', '/api/logout')).status).toBe(200);
    expect((await h.request('POST', '/api/logout', { sid: 'garbage' })).status).toBe(200);
  });

  it('keeps each session separate: logging out one device leaves the other signed in', async () => {
    const body = registration();
    const a = await h.request('POST', '/api/register', { json: body });
    const b = await h.request('POST', '/api/login', {
      json: { username: body.username, password: body.password },
    });
    await h.request('POST', '/api/logout', { sid: a.sid });
    expect((await h.request('GET', '/api/user', { sid: a.sid })).status).toBe(401);
    expect((await h.request('GET', '/api/user', { sid: b.sid })).status).toBe(200);
  });
});

describe('GET /api/user', () => {
  it('is 401 JSON without a cookie, with a forged cookie, and with an expired session', async () => {
    const none = await h.request('GET', '/api/user');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
    const forged = await h.request('GET', '/api/user', { sid: 'A'.repeat(43) });
    expect(forged.status).toBe(401);
    const created = await h.request('POST', '/api/register', { json: registration() });
    await h.redis.del(`${h.config.BULLMQ_PREFIX}:sess:${created.sid}`);
    expect((await h.request('GET', '/api/user', { sid: created.sid })).status).toBe(401);
  });

  it('stores sessions in Redis with a 14-day expiry and indexes them per user', async () => {
    const created = await h.request('POST', '/api/register', { json: registration() });
    const key = `${h.config.BULLMQ_PREFIX}:sess:${created.sid}`;
    expect(JSON.parse((await h.redis.get(key))!)).toEqual({ userId: created.body.id });
    const ttl = await h.redis.ttl(key);
    expect(ttl).toBeGreaterThan(14 * 24 * 3600 - 60);
    expect(
      await h.redis.smembers(`${h.config.BULLMQ_PREFIX}:user-sess:${created.body.id}`),
    ).toContain(created.sid);
  });

  it('pushes the expiry forward on use, but not more than once a minute', async () => {
    const created = await h.request('POST', '/api/register', { json: registration() });
    const key = `${h.config.BULLMQ_PREFIX}:sess:${created.sid}`;
    // Fresh session: a use within the first minute does not rewrite the TTL or the cookie.
    await h.redis.expire(key, 14 * 24 * 3600 - 10);
    const early = await h.request('GET', '/api/user', { sid: created.sid });
    expect(early.sid).toBeUndefined();
    expect(await h.redis.ttl(key)).toBeLessThanOrEqual(14 * 24 * 3600 - 10);
    // An hour-old session is refreshed to the full 14 days, and the browser cookie with it.
    await h.redis.expire(key, 14 * 24 * 3600 - 3600);
    const later = await h.request('GET', '/api/user', { sid: created.sid });
    expect(later.status).toBe(200);
    expect(later.sid).toBe(created.sid);
    await eventually(async () =>
      expect(await h.redis.ttl(key)).toBeGreaterThan(14 * 24 * 3600 - 60),
    );
  });

  it('includes approved hour credits in serviceHours', async () => {
    const created = await h.request('POST', '/api/register', {
      json: registration({ serviceHours: 3 }),
    });
    await h.db.query(
      'INSERT INTO auth.hour_credits (log_id, user_id, hours) VALUES ($1, $2, 2.5), ($3, $2, 1)',
      [900_000 + created.body.id, created.body.id, 800_000 + created.body.id],
    );
    const me = await h.request('GET', '/api/user', { sid: created.sid });
    expect(me.body.serviceHours).toBe(6.5);
  });
});

describe('GET /internal/auth/verify', () => {
  it('is 401 without a valid session', async () => {
    expect((await h.request('GET', '/internal/auth/verify')).status).toBe(401);
    expect((await h.request('GET', '/internal/auth/verify', { sid: 'x'.repeat(43) })).status).toBe(
      401,
    );
  });

  it('answers 204 with a signed identity whose roles are read fresh from the database', async () => {
    const created = await h.request('POST', '/api/register', { json: registration() });
    const first = await h.request('GET', '/internal/auth/verify', { sid: created.sid });
    expect(first.status).toBe(204);
    expect(first.text).toBe('');
    const identity = verifyIdentityToken(first.headers.get('x-identity')!, TEST_IDENTITY_SECRET);
    // Name and school ride along, for replicas that have not had user.registered yet.
    expect(identity).toEqual({
      id: created.body.id,
      isAdmin: false,
      isSupervisor: false,
      name: 'Ada Student',
      school: 'Jesuit High School',
    });

    await h.db.query('UPDATE auth.users SET is_supervisor = true WHERE id = $1', [created.body.id]);
    const promoted = await h.request('GET', '/internal/auth/verify', { sid: created.sid });
    expect(
      verifyIdentityToken(promoted.headers.get('x-identity')!, TEST_IDENTITY_SECRET),
    ).toMatchObject({
      id: created.body.id,
      isAdmin: false,
      isSupervisor: true,
    });

    await h.db.query('UPDATE auth.users SET is_supervisor = false, is_admin = true WHERE id = $1', [
      created.body.id,
    ]);
    const admin = await h.request('GET', '/internal/auth/verify', { sid: created.sid });
    expect(
      verifyIdentityToken(admin.headers.get('x-identity')!, TEST_IDENTITY_SECRET),
    ).toMatchObject({
      id: created.body.id,
      isAdmin: true,
      isSupervisor: false,
    });
  });

  it('signs a short-lived token (60 s) that another secret cannot verify', async () => {
    const created = await h.request('POST', '/api/register', { json: registration() });
    const token = (
      await h.request('GET', '/internal/auth/verify', { sid: created.sid })
    ).headers.get('x-identity')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      iss: 'svc-auth',
      aud: 'district',
      sub: String(created.body.id),
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(60);
    expect(verifyIdentityToken(token, 'another-secret-another-secret-0000')).toBeNull();
  });

  it('is 401 once the account is gone', async () => {
    const created = await h.request('POST', '/api/register', { json: registration() });
    await h.db.query('DELETE FROM auth.users WHERE id = $1', [created.body.id]);
    expect((await h.request('GET', '/internal/auth/verify', { sid: created.sid })).status).toBe(
      401,
    );
    expect((await h.request('GET', '/api/user', { sid: created.sid })).status).toBe(401);
  });
});

// The rest of login throttling (issue 15.6): test/login-throttle.integration-spec.ts.
describe('login throttling behind a trusted proxy', () => {
  it('counts the forwarded address when the peer is a trusted proxy (TRUSTED_PROXIES)', async () => {
    // The harness runs with the default TRUSTED_PROXIES (127.0.0.1,::1): its loopback calls
    // stand for the gateway, so each X-Forwarded-For is a client of its own. Five wrong
    // passwords slow that account at that address only (issue 29: the per-address ceiling is
    // school-sized, so the pair shows where the address comes from).
    expect(h.config.TRUSTED_PROXIES).toEqual(['127.0.0.1', '::1']);
    const body = registration();
    await h.request('POST', '/api/register', { json: body });
    const login = (address: string, password = body.password) =>
      h.request('POST', '/api/login', {
        json: { username: body.username, password },
        headers: { 'x-forwarded-for': address },
      });
    for (let i = 0; i < 5; i += 1)
      expect((await login('192.0.2.60', 'password1')).status).toBe(401);
    expect((await login('192.0.2.60')).status).toBe(429);
    expect((await login('192.0.2.61')).status).toBe(200);
  });
});

describe('login throttling for a peer that is not a trusted proxy', () => {
  // Someone who reaches svc-auth directly (not through the gateway) and sends a new
  // X-Forwarded-For with every guess must still be counted as one address.
  let direct: AuthTestService;

  beforeAll(async () => {
    // The test's loopback calls are now an untrusted peer: only the cluster range is a proxy.
    direct = await startAuthService({ TRUSTED_PROXIES: ['10.0.0.0/8'] });
  });

  afterAll(async () => {
    await direct?.close();
  });

  it('ignores a rotating X-Forwarded-For and answers 429 after 5 failures on one account', async () => {
    const body = registration();
    await direct.request('POST', '/api/register', { json: body });
    for (let i = 0; i < 5; i += 1) {
      const res = await direct.request('POST', '/api/login', {
        json: { username: body.username, password: 'password1' },
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await direct.request('POST', '/api/login', {
      json: { username: body.username, password: body.password },
      headers: { 'x-forwarded-for': '198.51.100.200' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.statusCode).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
