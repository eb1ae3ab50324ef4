import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API_ENDPOINTS } from '@district/contracts/openapi';
import { request } from './support/http-client.ts';
import {
  startGatewayWithStandIns,
  expectSecurityHeaders,
  type TestGateway,
} from './support/test-gateway.ts';

// docs/architecture.md "Gateway routes": path, method, owning service, signed in or public.
const ROUTES: Array<[string, string, string, 'protected' | 'public']> = [
  ['POST', '/api/register', 'svc_auth', 'public'],
  ['POST', '/api/login', 'svc_auth', 'public'],
  ['POST', '/api/logout', 'svc_auth', 'public'],
  ['GET', '/api/user', 'svc_auth', 'public'],
  ['POST', '/api/password-reset/request', 'svc_auth', 'public'],
  ['POST', '/api/password-reset/reset', 'svc_auth', 'public'],
  ['GET', '/api/avatars/12.webp', 'svc_auth', 'public'],
  ['GET', '/api/openapi.json', 'svc_auth', 'public'],
  ['GET', '/api/docs', 'svc_auth', 'public'],
  ['GET', '/api/docs/scalar.js', 'svc_auth', 'public'],
  ['GET', '/api/register/options', 'svc_auth', 'public'],
  ['GET', '/api/guardian-consent/abc', 'svc_auth', 'public'],
  ['POST', '/api/guardian-consent/abc', 'svc_auth', 'public'],
  ['GET', '/api/admin/consents', 'svc_auth', 'protected'],
  ['POST', '/api/admin/consents/12/resend', 'svc_auth', 'protected'],
  ['POST', '/api/admin/join-codes', 'svc_auth', 'protected'],
  ['DELETE', '/api/admin/join-codes/3', 'svc_auth', 'protected'],
  ['POST', '/api/admin/rosters', 'svc_auth', 'protected'],
  ['PATCH', '/api/user/avatar', 'svc_auth', 'protected'],
  ['GET', '/api/directory', 'svc_auth', 'protected'],
  ['PATCH', '/api/user/privacy', 'svc_auth', 'protected'],
  ['PATCH', '/api/user/preferences', 'svc_auth', 'protected'],
  ['GET', '/api/user/export', 'svc_auth', 'protected'],
  ['POST', '/api/user/delete', 'svc_auth', 'protected'],
  ['PATCH', '/api/privacy/settings', 'svc_auth', 'protected'],
  ['DELETE', '/api/users/12', 'svc_auth', 'protected'],
  ['PATCH', '/api/users/12/school', 'svc_auth', 'protected'],
  ['GET', '/api/backup/users', 'svc_auth', 'protected'],
  ['GET', '/api/audit', 'svc_auth', 'protected'],
  ['GET', '/api/opportunities?status=archived', 'svc_volunteer', 'protected'],
  ['POST', '/api/opportunities', 'svc_volunteer', 'protected'],
  ['DELETE', '/api/opportunities/3', 'svc_volunteer', 'protected'],
  ['POST', '/api/opportunities/3/signup', 'svc_volunteer', 'protected'],
  ['GET', '/api/opportunities/3/photos', 'svc_volunteer', 'protected'],
  ['POST', '/api/opportunities/3/photos', 'svc_volunteer', 'protected'],
  ['GET', '/api/opportunities/3/photos/3-0123456789abcdef.webp', 'svc_volunteer', 'protected'],
  ['PATCH', '/api/opportunities/3/photos/9/status', 'svc_volunteer', 'protected'],
  ['GET', '/api/blog-posts', 'svc_content', 'protected'],
  ['PATCH', '/api/blog-posts/4/status', 'svc_content', 'protected'],
  ['GET', '/api/notifications', 'svc_content', 'protected'],
  ['GET', '/api/service-hours', 'svc_hours', 'protected'],
  ['PATCH', '/api/service-hours/5/status', 'svc_hours', 'protected'],
  ['GET', '/api/service-hours/export.csv?behindGoal=true', 'svc_hours', 'protected'],
  ['GET', '/api/hour-goals', 'svc_hours', 'protected'],
  ['PUT', '/api/hour-goals', 'svc_hours', 'protected'],
  ['POST', '/api/service-records', 'svc_hours', 'protected'],
  ['GET', '/api/service-records/ABCDEFGHJKMN', 'svc_hours', 'public'],
  ['GET', '/api/service-records/ABCDEFGHJKMN/pdf', 'svc_hours', 'public'],
  ['GET', '/api/hour-confirmations/abc', 'svc_hours', 'public'],
  ['POST', '/api/hour-confirmations/abc', 'svc_hours', 'public'],
  ['POST', '/api/service-hours/5/confirmation-mail', 'svc_hours', 'protected'],
  ['PATCH', '/api/service-hours/settings', 'svc_hours', 'protected'],
];

describe('gateway routing table', () => {
  let gateway: TestGateway;
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ gateway, stop } = await startGatewayWithStandIns());
  });
  afterAll(async () => {
    await stop?.();
  });

  it.each(ROUTES)('%s %s goes to %s (%s)', async (method, path, service, access) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
    const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};

    const signedOut = await request(`${gateway.url}${path}`, { method, headers, body });
    if (access === 'public') {
      expect(signedOut.status).toBe(200);
      expect(signedOut.json()).toEqual({ service, method, url: path });
    } else {
      expect(signedOut.status).toBe(401);
    }

    const signedIn = await request(`${gateway.url}${path}`, {
      method,
      headers: { ...headers, cookie: 'sid=student' },
      body,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json()).toEqual({ service, method, url: path });
  });

  // The published contract and the routing table must not drift: every documented call reaches
  // a service (here any stand-in), none falls into the catch-all 404.
  it.each(Object.values(API_ENDPOINTS).map((e) => [e.method, e.path]))(
    'routes the documented %s %s to a service',
    async (method, pattern) => {
      const path = pattern.replace(/:\w+/g, '7');
      const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
      const headers: Record<string, string> = { cookie: 'sid=student' };
      if (body) headers['content-type'] = 'application/json';
      const res = await request(`${gateway.url}${path}`, { method, headers, body });
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({ method, url: path });
    },
  );

  it.each([
    '/api/unknown',
    '/api/user/settings',
    '/api/internal/auth/verify',
    '/api',
    '/api/opportunity',
  ])('answers the unknown API path %s with 404 JSON', async (path) => {
    const res = await request(`${gateway.url}${path}`, { headers: { cookie: 'sid=student' } });

    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toEqual({ statusCode: 404, message: 'Not Found' });
    expectSecurityHeaders(res);
  });

  it('answers 404 JSON even when the unknown API path looks like a file', async () => {
    const res = await request(`${gateway.url}/api/nothing.html`);

    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json');
  });

  it('answers the health probe without touching a service', async () => {
    const res = await request(`${gateway.url}/_gateway/health`);

    expect(res.status).toBe(200);
    expect(res.text).toBe('ok\n');
  });
});
