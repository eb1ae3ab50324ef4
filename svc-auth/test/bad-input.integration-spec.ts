import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registration, startAuthService, type AuthTestService } from './support/auth-fixtures';

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
  const [{ tokens }] = (await h.db.query(
    'SELECT count(*)::int AS tokens FROM auth.password_reset_tokens',
  )) as Array<{
    tokens: number;
  }>;
  const [{ events }] = (await h.db.query(
    'SELECT count(*)::int AS events FROM auth.outbox',
  )) as Array<{ events: number }>;
  const sessions = (await h.redis.keys(`${h.config.BULLMQ_PREFIX}:sess:*`)).length;
  return { users, tokens, events, sessions };
}

const JSON_ENDPOINTS: Array<{
  path: string;
  valid: () => Record<string, unknown>;
  field: string;
  wrongType: unknown;
}> = [
  { path: '/api/register', valid: () => registration(), field: 'grade', wrongType: 'ten' },
  {
    path: '/api/login',
    valid: () => ({ username: 'someone', password: 'something1' }),
    field: 'username',
    wrongType: 42,
  },
  {
    path: '/api/password-reset/request',
    valid: () => ({ email: 'someone@example.org' }),
    field: 'email',
    wrongType: 7,
  },
  {
    path: '/api/password-reset/reset',
    valid: () => ({ token: 'x'.repeat(43), newPassword: 'long enough pw' }),
    field: 'newPassword',
    wrongType: true,
  },
];

function post(path: string, body: string, contentType = 'application/json') {
  return h.request('POST', path, { body, headers: { 'content-type': contentType } });
}

describe.each(JSON_ENDPOINTS)('bad input to POST $path', ({ path, valid, field, wrongType }) => {
  it('malformed JSON → 400 JSON, nothing written', async () => {
    const before = await footprint();
    const res = await post(path, '{"username": "a", ');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    // The wording belongs to service-kit; the shape and status are what clients rely on.
    expect(res.body).toEqual({ statusCode: 400, message: expect.stringMatching(/JSON/) });
    expect(await footprint()).toEqual(before);
  });

  it('a wrong type → 400 naming the field', async () => {
    const before = await footprint();
    const res = await h.request('POST', path, { json: { ...valid(), [field]: wrongType } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    expect(await footprint()).toEqual(before);
  });

  it('a missing field → 400 naming the field', async () => {
    const before = await footprint();
    const body = valid();
    delete body[field];
    const res = await h.request('POST', path, { json: body });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(await footprint()).toEqual(before);
  });

  it('an unknown field → 400 naming it', async () => {
    const before = await footprint();
    const res = await h.request('POST', path, { json: { ...valid(), surprise: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({
      path: 'surprise',
      message: 'Unrecognized field: surprise',
    });
    expect(await footprint()).toEqual(before);
  });

  it('a body that is not an object → 400', async () => {
    for (const body of ['[]', 'null', '"text"', '12']) {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(res.body.statusCode).toBe(400);
    }
  });

  it('over 1 MB → 413 JSON before any work', async () => {
    const before = await footprint();
    const res = await h.request('POST', path, {
      json: { ...valid(), padding: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ statusCode: 413, message: expect.stringMatching(/too large/i) });
    expect(await footprint()).toEqual(before);
  });

  it('a non-JSON content type → 4xx JSON', async () => {
    const res = await post(path, 'username=a&password=b', 'application/x-www-form-urlencoded');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.statusCode).toBe(res.status);
  });

  it('no body at all → 400', async () => {
    const res = await h.request('POST', path);
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
  });
});

describe('other endpoints', () => {
  it('logout ignores a body and never fails for a missing session', async () => {
    expect((await h.request('POST', '/api/logout', { json: {} })).status).toBe(200);
  });

  it('unknown routes are JSON 404s', async () => {
    const res = await h.request('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.statusCode).toBe(404);
  });
});
