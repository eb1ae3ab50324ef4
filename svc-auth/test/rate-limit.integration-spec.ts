import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API_MESSAGES } from '@district/contracts';
import { identityHeader } from '@district/service-kit/testing';
import { registration, startAuthService, type AuthHarness } from './support/auth-service-harness';

// @nestjs/throttler on the routes that cost something per call, counted in Redis.
const LIMIT = 3;
let h: AuthHarness;

beforeAll(async () => {
  h = await startAuthService({ RATE_LIMIT_PER_MINUTE: LIMIT });
});

afterAll(async () => {
  await h?.close();
});

// The gateway's address is trusted (TRUSTED_PROXIES), so X-Forwarded-For is the client.
const from = (ip: string) => ({ 'x-forwarded-for': ip });

const requestReset = (ip: string) =>
  h.api('POST', '/api/password-reset/request', {
    json: { email: 'someone@example.org' },
    headers: from(ip),
  });

describe('request-rate limits', () => {
  it('answers 429 with the error shape and Retry-After once an address used up its reset requests', async () => {
    for (let i = 0; i < LIMIT; i += 1)
      expect((await requestReset('198.51.100.1')).status).toBe(200);
    const blocked = await requestReset('198.51.100.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ statusCode: 429, message: API_MESSAGES.tooManyRequests });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another address, and another route from the same address, count on their own.
    expect((await requestReset('198.51.100.2')).status).toBe(200);
    const registered = await h.api('POST', '/api/register', {
      json: registration(),
      headers: from('198.51.100.1'),
    });
    expect(registered.status).toBe(200);
  });

  it('counts refused registrations too, so a bad-input flood is limited as well', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) {
      const res = await h.api('POST', '/api/register', {
        json: { username: '' },
        headers: from('198.51.100.3'),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(400), 429]);
  });

  it('limits avatar uploads per signed-in user, not per shared address', async () => {
    const upload = (userId: number) =>
      h.api('PATCH', '/api/user/avatar', {
        json: {},
        headers: { ...identityHeader({ id: userId }), ...from('198.51.100.4') },
      });
    for (let i = 0; i < LIMIT; i += 1) expect((await upload(501)).status).toBe(400);
    expect((await upload(501)).status).toBe(429);
    expect((await upload(502)).status).toBe(400);
  });
});
