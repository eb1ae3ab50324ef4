import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from './support/http-client.ts';
import {
  sendJson,
  startStandIn,
  verifyRoute,
  type StandIn,
  type StandInRoute,
} from './support/stand-in.ts';
import {
  expectSecurityHeaders,
  startTestGateway,
  type TestGateway,
} from './support/test-gateway.ts';

// Issue 29: a service answers a method its path has no route for with 405 and `Allow` (the
// service kit). Through nginx the answer must arrive as the service gave it: status, Allow and
// the JSON error shape, on public and signed-in routes alike (nginx intercepts no upstream error).
const only =
  (allow: string): StandInRoute =>
  (req, res) =>
    allow.split(', ').includes(req.method ?? '')
      ? sendJson(res, 200, { ok: true })
      : sendJson(res, 405, { statusCode: 405, message: 'Method not allowed' }, { allow });

describe('405 from a service, through the gateway', () => {
  let standIns: StandIn[];
  let gateway: TestGateway;

  beforeAll(async () => {
    const auth = await startStandIn('svc_auth', {
      '/internal/auth/verify': verifyRoute,
      '/api/login': only('POST'),
    });
    const hours = await startStandIn('svc_hours', {
      '/api/service-hours': only('GET, HEAD, POST'),
    });
    const volunteer = await startStandIn('svc_volunteer');
    const content = await startStandIn('svc_content');
    standIns = [auth, volunteer, content, hours];
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
    await Promise.all((standIns ?? []).map((s) => s.close()));
  });

  it('passes a public route’s 405 and its Allow header through unchanged', async () => {
    const res = await request(`${gateway.url}/api/login`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({ statusCode: 405, message: 'Method not allowed' });
    expectSecurityHeaders(res);
  });

  it('passes a signed-in route’s 405 through once the session is checked', async () => {
    const res = await request(`${gateway.url}/api/service-hours`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: 'sid=student' },
      body: '{}',
    });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.json()).toEqual({ statusCode: 405, message: 'Method not allowed' });
  });
});
