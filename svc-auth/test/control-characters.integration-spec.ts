import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { VALIDATION } from '@district/contracts';
import { registration, startAuthService, type AuthTestService } from './support/auth-fixtures';

// Issue 15.1: POST /api/login {"username":"a\u0000b"} answered 500 (PostgreSQL refuses 0x00 in
// text). Every text field now answers 400 naming the field, and nothing is written.
let h: AuthTestService;

beforeAll(async () => {
  h = await startAuthService();
});
afterAll(async () => {
  await h?.close();
});

async function footprint() {
  const [{ users }] = (await h.db.query('SELECT count(*)::int AS users FROM auth.users')) as Array<{
    users: number;
  }>;
  const sessions = (await h.redis.keys(`${h.config.BULLMQ_PREFIX}:sess:*`)).length;
  const failures = (await h.redis.keys(`${h.config.BULLMQ_PREFIX}:login*`)).length;
  return { users, sessions, failures };
}

const refused = (field: string) => ({
  statusCode: 400,
  message: VALIDATION.controlCharacters,
  errors: [{ path: field, message: VALIDATION.controlCharacters }],
});

describe('NUL and control characters (svc-auth, real PostgreSQL and Redis)', () => {
  it.each([
    ['username', { username: 'a\u0000b', password: 'x' }],
    ['password', { username: 'someone', password: 'pass\u0000word' }],
  ])('POST /api/login with NUL in %s: 400 naming it', async (field, json) => {
    const before = await footprint();
    const res = await h.request('POST', '/api/login', { json });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused(field));
    expect(await footprint()).toEqual(before);
  });

  it.each(['username', 'name', 'email', 'password', 'avatarUrl'])(
    'POST /api/register with NUL in %s: 400 naming it, no account, no session',
    async (field) => {
      const body = registration();
      const value =
        field === 'email'
          ? `a\u0000${body.email as string}`
          : field === 'avatarUrl'
            ? 'https://example.org/a\u0000.png'
            : `${String(body[field])}\u0000x`;
      const before = await footprint();
      const res = await h.request('POST', '/api/register', { json: { ...body, [field]: value } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused(field));
      expect(await footprint()).toEqual(before);
    },
  );

  it('refuses other control characters in single-line fields (escape in a name)', async () => {
    const res = await h.request('POST', '/api/register', {
      json: registration({ name: 'Ada \u001b[31mRed' }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('name'));
  });

  it('password reset request and reset: 400 naming the field', async () => {
    const request = await h.request('POST', '/api/password-reset/request', {
      json: { email: 'someone\u0000@example.org' },
    });
    expect(request.status).toBe(400);
    expect(request.body).toEqual(refused('email'));
    const reset = await h.request('POST', '/api/password-reset/reset', {
      json: { token: `${'x'.repeat(42)}\u0000`, newPassword: 'long enough pw' },
    });
    expect(reset.status).toBe(400);
    expect(reset.body).toMatchObject({ statusCode: 400, errors: [{ path: 'token' }] });
  });

  it('a name with a trailing newline pasted in is trimmed, not refused', async () => {
    const res = await h.request('POST', '/api/register', {
      json: registration({ name: 'Ada Student\n' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Ada Student');
  });
});
