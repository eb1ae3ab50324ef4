import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { request } from './support/http-client.ts';
import { startStandIn, verifyRoute, type StandIn } from './support/stand-in.ts';
import {
  deadAddress,
  expectSecurityHeaders,
  startTestGateway,
  type TestGateway,
} from './support/test-gateway.ts';

describe('identity at the gateway', () => {
  let auth: StandIn;
  let volunteer: StandIn;
  let content: StandIn;
  let hours: StandIn;
  let gateway: TestGateway;

  beforeAll(async () => {
    auth = await startStandIn('svc_auth', { '/internal/auth/verify': verifyRoute });
    volunteer = await startStandIn('svc_volunteer');
    content = await startStandIn('svc_content');
    hours = await startStandIn('svc_hours');
    gateway = await startTestGateway({
      upstreams: {
        svc_auth: [auth.address],
        svc_volunteer: [volunteer.address],
        svc_content: [content.address],
        svc_hours: [hours.address],
      },
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await Promise.all([auth, volunteer, content, hours].map((s) => s?.close()));
  });
  beforeEach(() => {
    for (const standIn of [auth, volunteer, content, hours]) standIn.requests.length = 0;
  });

  it('answers 401 JSON on a protected route without a session, and the service never sees the call', async () => {
    const res = await request(`${gateway.url}/api/opportunities`);

    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toEqual({ statusCode: 401, message: 'Unauthorized' });
    expectSecurityHeaders(res);
    expect(volunteer.requests).toHaveLength(0);
  });

  it('answers 401 JSON for an unknown session cookie', async () => {
    const res = await request(`${gateway.url}/api/service-hours`, {
      headers: { cookie: 'sid=expired' },
    });

    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, message: 'Unauthorized' });
    expect(hours.requests).toHaveLength(0);
  });

  it('answers 403 JSON when svc-auth refuses the session', async () => {
    const res = await request(`${gateway.url}/api/blog-posts`, {
      headers: { cookie: 'sid=suspended' },
    });

    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, message: 'Forbidden' });
    expect(content.requests).toHaveLength(0);
  });

  it('forwards the identity svc-auth returned when the session is valid', async () => {
    const res = await request(`${gateway.url}/api/opportunities?status=active`, {
      headers: { cookie: 'sid=student' },
    });

    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      service: 'svc_volunteer',
      url: '/api/opportunities?status=active',
    });
    expect(volunteer.requests[0].headers['x-identity']).toBe('signed.student');
  });

  it('asks svc-auth with the cookie, the original URI and no body', async () => {
    const body = JSON.stringify({ title: 'Park clean-up', content: 'x'.repeat(120) });
    const res = await request(`${gateway.url}/api/blog-posts?draft=1`, {
      method: 'POST',
      headers: {
        cookie: 'theme=dark; sid=admin',
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
      body,
    });

    expect(res.status).toBe(200);
    const verify = auth.requests.find((r) => r.url === '/internal/auth/verify');
    expect(verify).toBeDefined();
    expect(verify?.method).toBe('GET');
    expect(verify?.headers.cookie).toBe('theme=dark; sid=admin');
    expect(verify?.headers['x-original-uri']).toBe('/api/blog-posts?draft=1');
    expect(verify?.headers['x-original-method']).toBe('POST');
    expect(verify?.headers['content-length']).toBeUndefined();
    expect(verify?.body.length).toBe(0);
    // The service still gets the whole body.
    expect(content.requests[0].body.toString()).toBe(body);
    expect(content.requests[0].headers['x-identity']).toBe('signed.admin');
  });

  it('replaces a forged X-Identity on a protected route with the verified one', async () => {
    const res = await request(`${gateway.url}/api/directory`, {
      headers: { cookie: 'sid=student', 'x-identity': 'forged.admin' },
    });

    expect(res.status).toBe(200);
    const seen = auth.requests.filter((r) => r.url === '/api/directory');
    expect(seen).toHaveLength(1);
    expect(seen[0].headers['x-identity']).toBe('signed.student');
    // svc-auth's verify call does not see it either.
    const verify = auth.requests.find((r) => r.url === '/internal/auth/verify');
    expect(verify?.headers['x-identity']).toBeUndefined();
  });

  it('refuses a forged X-Identity without a session instead of trusting it', async () => {
    const res = await request(`${gateway.url}/api/users/7/school`, {
      method: 'PATCH',
      headers: { 'x-identity': 'forged.admin', 'content-type': 'application/json' },
      body: '{"school":"Jesuit High School"}',
    });

    expect(res.status).toBe(401);
    expect(auth.requests.filter((r) => r.url.startsWith('/api/'))).toHaveLength(0);
  });

  it.each([
    '/api/login',
    '/api/register',
    '/api/logout',
    '/api/user',
    '/api/password-reset/request',
    '/api/avatars/1.webp',
  ])('drops a client X-Identity on the public route %s and needs no session', async (path) => {
    const res = await request(`${gateway.url}${path}`, {
      method: path === '/api/user' || path.startsWith('/api/avatars/') ? 'GET' : 'POST',
      headers: {
        'x-identity': 'forged.admin',
        x_identity: 'forged.admin',
        'content-type': 'application/json',
      },
      body: path === '/api/user' || path.startsWith('/api/avatars/') ? undefined : '{}',
    });

    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ service: 'svc_auth', url: path });
    const seen = auth.requests.find((r) => r.url === path);
    expect(seen?.headers['x-identity']).toBeUndefined();
    expect(seen?.headers.x_identity).toBeUndefined();
    // Public routes never cost an auth subrequest.
    expect(auth.requests.some((r) => r.url === '/internal/auth/verify')).toBe(false);
  });

  it('passes the session cookie to the public routes, where svc-auth reads it itself', async () => {
    await request(`${gateway.url}/api/user`, { headers: { cookie: 'sid=student' } });

    expect(auth.requests[0].headers.cookie).toBe('sid=student');
    expect(auth.requests[0].headers['x-identity']).toBeUndefined();
  });

  it('tells the services who the client is, not what the client claims', async () => {
    await request(`${gateway.url}/api/login`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '6.6.6.6', 'content-type': 'application/json' },
      body: '{}',
    });

    expect(auth.requests[0].headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(auth.requests[0].headers['x-real-ip']).toBe('127.0.0.1');
    expect(auth.requests[0].headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps the internal auth location out of reach of clients', async () => {
    const res = await request(`${gateway.url}/_auth`, { headers: { cookie: 'sid=student' } });

    expect(res.status).toBe(404);
    expect(auth.requests).toHaveLength(0);
  });
});

describe('identity when svc-auth is down', () => {
  let volunteer: StandIn;
  let gateway: TestGateway;

  beforeAll(async () => {
    volunteer = await startStandIn('svc_volunteer');
    gateway = await startTestGateway({
      upstreams: {
        svc_auth: [await deadAddress()],
        svc_volunteer: [volunteer.address],
        svc_content: [volunteer.address],
        svc_hours: [volunteer.address],
      },
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await volunteer?.close();
  });

  it('answers a protected call 503 JSON at once, not 401 (the user is not signed out)', async () => {
    const res = await request(`${gateway.url}/api/opportunities`, {
      headers: { cookie: 'sid=student' },
    });

    expect(res.status).toBe(503);
    expect(res.json()).toEqual({ statusCode: 503, message: 'Service unavailable' });
    expect(res.ms).toBeLessThan(3_000);
    expectSecurityHeaders(res);
    expect(volunteer.requests).toHaveLength(0);
  });

  it('answers a public svc-auth call 502 JSON at once', async () => {
    const res = await request(`${gateway.url}/api/user`, { headers: { cookie: 'sid=student' } });

    expect(res.status).toBe(502);
    expect(res.json()).toEqual({ statusCode: 502, message: 'Service unavailable' });
    expect(res.ms).toBeLessThan(3_000);
  });
});
