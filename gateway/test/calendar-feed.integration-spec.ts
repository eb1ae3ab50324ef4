import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from './support/http-client.ts';
import {
  expectSecurityHeaders,
  startGatewayWithStandIns,
  type GatewayWithStandIns,
} from './support/test-gateway.ts';

// 32 bytes, base64url: 43 characters, as svc-volunteer makes them.
const TOKEN = Buffer.alloc(32, 7).toString('base64url');

// Issue 18: the calendar feed is read by calendar apps, which have no session cookie.
describe('gateway: calendar feeds', () => {
  let setup: GatewayWithStandIns;

  beforeAll(async () => {
    setup = await startGatewayWithStandIns();
  });
  afterAll(async () => {
    await setup?.stop();
  });

  it('passes /api/calendar/feed/<token>.ics to svc-volunteer without a cookie, and no identity with it', async () => {
    expect(TOKEN).toHaveLength(43);
    const path = `/api/calendar/feed/${TOKEN}.ics`;
    const res = await request(`${setup.gateway.url}${path}`, {
      headers: { 'x-identity': 'forged' },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ service: 'svc_volunteer', method: 'GET', url: path });
    const received = setup.volunteer.requests.find((r) => r.url === path);
    expect(received?.headers['x-identity']).toBeUndefined();
  });

  it('keeps the feed address itself behind the session', async () => {
    expect((await request(`${setup.gateway.url}/api/calendar/feed`)).status).toBe(401);
    const signedIn = await request(`${setup.gateway.url}/api/calendar/feed`, {
      method: 'DELETE',
      headers: { cookie: 'sid=student' },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json()).toMatchObject({ service: 'svc_volunteer', method: 'DELETE' });
  });

  it('never lets a session reach the feed: a cookie sends no identity either', async () => {
    const path = `/api/calendar/feed/${TOKEN}.ics`;
    const res = await request(`${setup.gateway.url}${path}`, {
      headers: { cookie: 'sid=student' },
    });
    expect(res.status).toBe(200);
    const received = setup.volunteer.requests.filter((r) => r.url === path).at(-1);
    expect(received?.headers['x-identity']).toBeUndefined();
  });

  it('limits how fast one client reads feeds: 429 in the JSON shape', async () => {
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < 30; i++) {
      const res = await request(`${setup.gateway.url}/api/calendar/feed/${TOKEN}.ics`);
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses).toContain(200);
    expect(statuses).toContain(429);
    expect(limited!.json()).toEqual({
      statusCode: 429,
      message: 'Too many requests, please try again later',
    });
    // When to try again, as the document says for every 429.
    expect(limited!.headers['retry-after']).toBe('60');
    expectSecurityHeaders(limited!);
  });
});
