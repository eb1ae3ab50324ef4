import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API_MESSAGES } from '@district/contracts';
import { identityHeader } from '@district/service-kit/testing';
import {
  registration,
  startAuthService,
  type AuthTestService,
  type AuthResponse,
} from './support/auth-fixtures';

// @nestjs/throttler on the routes that cost something per call, counted in Redis.
const LIMIT = 3;
let h: AuthTestService;

beforeAll(async () => {
  h = await startAuthService({ RATE_LIMIT_PER_MINUTE: LIMIT, REGISTRATIONS_PER_MINUTE: LIMIT });
});

afterAll(async () => {
  await h?.close();
});

// The gateway's address is trusted (TRUSTED_PROXIES), so X-Forwarded-For is the client.
const from = (ip: string) => ({ 'x-forwarded-for': ip });

const requestReset = (ip: string) =>
  h.request('POST', '/api/password-reset/request', {
    json: { email: 'someone@example.org' },
    headers: from(ip),
  });

// Issue 29: the IETF draft's RateLimit-* headers, never the library's X-RateLimit-*.
function rateLimitHeaders(res: AuthResponse) {
  expect([...res.headers.keys()].filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
  return {
    limit: res.headers.get('ratelimit-limit'),
    remaining: res.headers.get('ratelimit-remaining'),
    reset: res.headers.get('ratelimit-reset'),
    policy: res.headers.get('ratelimit-policy'),
  };
}

describe('request-rate limits', () => {
  it('tells the client its allowance on every counted answer', async () => {
    const first = await requestReset('198.51.100.9');
    expect(first.status).toBe(200);
    const headers = rateLimitHeaders(first);
    expect(headers).toEqual({
      limit: String(LIMIT),
      remaining: String(LIMIT - 1),
      reset: expect.stringMatching(/^\d+$/),
      policy: `${LIMIT};w=60`,
    });
    expect(Number(headers.reset)).toBeGreaterThanOrEqual(1);
    expect(Number(headers.reset)).toBeLessThanOrEqual(60);
    // Routes without a request limit say nothing about one.
    const options = await h.request('GET', '/api/register/options');
    expect(options.headers.get('ratelimit-limit')).toBeNull();
  });

  it('answers 429 with the error shape and Retry-After once an address used up its reset requests', async () => {
    for (let i = 0; i < LIMIT; i += 1)
      expect((await requestReset('198.51.100.1')).status).toBe(200);
    const blocked = await requestReset('198.51.100.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ statusCode: 429, message: API_MESSAGES.tooManyRequests });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Issue 29: the refusal says the same wait in RateLimit-Reset, with nothing left.
    expect(rateLimitHeaders(blocked)).toEqual({
      limit: String(LIMIT),
      remaining: '0',
      reset: String(retryAfter),
      policy: `${LIMIT};w=60`,
    });

    // Another address, and another route from the same address, count on their own.
    expect((await requestReset('198.51.100.2')).status).toBe(200);
    const registered = await h.request('POST', '/api/register', {
      json: registration(),
      headers: from('198.51.100.1'),
    });
    expect(registered.status).toBe(200);
  });

  it('counts refused registrations too, so a bad-input flood is limited as well', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) {
      const res = await h.request('POST', '/api/register', {
        json: { username: '' },
        headers: from('198.51.100.3'),
      });
      statuses.push(res.status);
      // A refused body still tells the client what it has left.
      expect(res.headers.get('ratelimit-remaining')).toBe(String(Math.max(0, LIMIT - i - 1)));
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(400), 429]);
  });

  it('limits avatar uploads per signed-in user, not per shared address', async () => {
    const upload = (userId: number) =>
      h.request('PATCH', '/api/user/avatar', {
        json: {},
        headers: { ...identityHeader({ id: userId }), ...from('198.51.100.4') },
      });
    for (let i = 0; i < LIMIT; i += 1) expect((await upload(501)).status).toBe(400);
    expect((await upload(501)).status).toBe(429);
    expect((await upload(502)).status).toBe(400);
  });
});

describe('registration windows (issue 29)', () => {
  let r: AuthTestService;
  const PER_MINUTE = 4;
  const PER_DAY = 2;
  beforeAll(async () => {
    r = await startAuthService({
      REGISTRATIONS_PER_MINUTE: PER_MINUTE,
      REGISTRATIONS_PER_DAY: PER_DAY,
      SCHOOL_NETWORKS: ['203.0.113.0/25'],
    });
  });
  afterAll(async () => {
    await r?.close();
  });
  const register = (ip: string) =>
    r.request('POST', '/api/register', { json: registration(), headers: from(ip) });

  it('stops one address at its daily ceiling, telling it how long until the day is over', async () => {
    const first = await register('192.0.2.30');
    expect(first.status).toBe(200);
    // The day window is the closer to refusing (1 left, against 3 in the minute).
    expect(rateLimitHeaders(first)).toEqual({
      limit: String(PER_DAY),
      remaining: '1',
      reset: expect.stringMatching(/^\d+$/),
      policy: `${PER_MINUTE};w=60, ${PER_DAY};w=86400`,
    });
    expect((await register('192.0.2.30')).status).toBe(200);
    const refused = await register('192.0.2.30');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(86_000);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter));
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
  });

  it('has no daily ceiling inside SCHOOL_NETWORKS, but keeps the per-minute one', async () => {
    const school = '203.0.113.44';
    for (let i = 0; i < PER_MINUTE; i += 1) {
      const res = await register(school);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe(`${PER_MINUTE};w=60`);
    }
    const refused = await register(school);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Just outside the network the daily ceiling applies.
    expect((await register('203.0.113.200')).headers.get('ratelimit-policy')).toBe(
      `${PER_MINUTE};w=60, ${PER_DAY};w=86400`,
    );
  });
});
