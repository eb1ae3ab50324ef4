import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from './support/http-client.ts';
import { startStandIn, verifyRoute, type StandIn } from './support/stand-in.ts';
import {
  startGatewayWithStandIns,
  startTestGateway,
  type TestGateway,
} from './support/test-gateway.ts';

// Issue 15.5: the gateway refuses cross-site writes (docs/decisions.md "Cross-site requests").
// A browser sends Origin with every POST/PUT/PATCH/DELETE, and Sec-Fetch-Site with every fetch;
// scripts and tools send neither and keep working. A body must be declared JSON.
const PUBLIC_URL = 'https://volunteer.district.test';
const EVIL = { origin: 'http://evil.example' };
const OURS = { origin: PUBLIC_URL };
const JSON_TYPE = { 'content-type': 'application/json' };
const STUDENT = { cookie: 'sid=student' };
const ADMIN = { cookie: 'sid=admin' };

describe('cross-site request refusal at the gateway', () => {
  let auth: StandIn;
  let volunteer: StandIn;
  let content: StandIn;
  let hours: StandIn;
  let gateway: TestGateway;
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ gateway, auth, volunteer, content, hours, stop } = await startGatewayWithStandIns({
      publicUrl: PUBLIC_URL,
    }));
  });
  afterAll(async () => {
    await stop?.();
  });

  const call = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    request(`${gateway.url}${path}`, { method, headers, body });
  const seen = (standIn: StandIn, method: string, path: string) =>
    standIn.requests.filter((r) => r.method === method && r.url === path).length;

  // One state-changing route of every service, as a hostile page would send it.
  it.each([
    {
      service: 'svc-hours',
      method: 'POST',
      path: '/api/service-hours',
      headers: { ...STUDENT, ...EVIL, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'hours=5&description=x',
    },
    {
      service: 'svc-volunteer',
      method: 'POST',
      path: '/api/opportunities/3/signup',
      headers: { ...STUDENT, ...EVIL },
      body: undefined,
    },
    {
      service: 'svc-auth',
      method: 'DELETE',
      path: '/api/users/12',
      headers: { ...ADMIN, ...EVIL },
      body: undefined,
    },
    {
      service: 'svc-content',
      method: 'PATCH',
      path: '/api/blog-posts/4/status',
      headers: { ...ADMIN, ...EVIL, ...JSON_TYPE },
      body: '{"status":"approved"}',
    },
    {
      service: 'svc-auth (public route)',
      method: 'POST',
      path: '/api/login',
      headers: { origin: 'null', ...JSON_TYPE },
      body: '{"username":"a","password":"b"}',
    },
  ])(
    'refuses $method $path ($service) from a foreign origin with 403 JSON',
    async ({ method, path, headers, body }) => {
      const verifiesBefore = seen(auth, 'GET', '/internal/auth/verify');
      const all = [auth, volunteer, content, hours].map((s) => s.requests.length);

      const res = await call(method, path, headers, body);

      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.json()).toEqual({ statusCode: 403, message: 'Cross-site request refused' });
      // Refused before the session check: no service, svc-auth included, saw anything.
      expect([auth, volunteer, content, hours].map((s) => s.requests.length)).toEqual(all);
      expect(seen(auth, 'GET', '/internal/auth/verify')).toBe(verifiesBefore);
    },
  );

  it('refuses a write a browser marks same-site or cross-site, whatever the Origin', async () => {
    for (const site of ['same-site', 'cross-site']) {
      const res = await call('DELETE', '/api/users/12', { ...ADMIN, 'sec-fetch-site': site });
      expect(res.status).toBe(403);
      expect(res.json()).toEqual({ statusCode: 403, message: 'Cross-site request refused' });
    }
    // A sibling port of the same host is another origin (SameSite=Lax lets its cookies through).
    const sibling = await call('DELETE', '/api/users/12', {
      ...ADMIN,
      origin: 'https://volunteer.district.test:8443',
    });
    expect(sibling.status).toBe(403);
  });

  it.each([
    { kind: 'a form (urlencoded)', type: 'application/x-www-form-urlencoded', body: 'a=b' },
    { kind: 'text/plain', type: 'text/plain', body: '{"hours":5}' },
    { kind: 'a form upload', type: 'multipart/form-data; boundary=x', body: '--x--\r\n' },
    { kind: 'no type at all', type: undefined, body: '{"hours":5}' },
  ])(
    'refuses a body sent as $kind with 415 JSON, even from our own page',
    async ({ type, body }) => {
      const before = seen(hours, 'POST', '/api/service-hours');
      const res = await call(
        'POST',
        '/api/service-hours',
        { ...STUDENT, ...OURS, ...(type ? { 'content-type': type } : {}) },
        body,
      );

      expect(res.status).toBe(415);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.json()).toEqual({
        statusCode: 415,
        message: 'Content-Type must be application/json',
      });
      expect(seen(hours, 'POST', '/api/service-hours')).toBe(before);
    },
  );

  it('refuses a text/plain sign-up body from a client that sends no Origin', async () => {
    const res = await call(
      'POST',
      '/api/opportunities/3/signup',
      { ...STUDENT, 'content-type': 'text/plain' },
      '{}',
    );
    expect(res.status).toBe(415);
  });

  it('says 415, not 413, for a large body that is not JSON either', async () => {
    const res = await call(
      'POST',
      '/api/service-hours',
      { ...STUDENT, 'content-type': 'text/plain' },
      'x'.repeat(2_000_000),
    );
    expect(res.status).toBe(415);
    expect(res.headers['content-type']).toBe('application/json');
  });

  it('refuses a chunked body that does not say it is JSON', async () => {
    const res = await call(
      'PATCH',
      '/api/service-hours/5/status',
      { ...ADMIN, 'transfer-encoding': 'chunked', 'content-type': 'text/plain' },
      '{"status":"approved"}',
    );
    expect(res.status).toBe(415);
  });

  it('lets our own page write JSON to every service', async () => {
    const writes: Array<[StandIn, string, string, string | undefined]> = [
      [hours, 'POST', '/api/service-hours', '{"hours":5}'],
      [volunteer, 'POST', '/api/opportunities/3/signup', undefined],
      [auth, 'DELETE', '/api/users/12', undefined],
      [content, 'PATCH', '/api/blog-posts/4/status', '{"status":"approved"}'],
    ];
    for (const [standIn, method, path, body] of writes) {
      const before = seen(standIn, method, path);
      const res = await call(
        method,
        path,
        {
          ...ADMIN,
          ...OURS,
          'sec-fetch-site': 'same-origin',
          ...(body ? { 'content-type': 'application/json; charset=utf-8' } : {}),
        },
        body,
      );
      expect(res.status).toBe(200);
      expect(seen(standIn, method, path)).toBe(before + 1);
    }
  });

  it('keeps calls without a body as they are: sign-up and logout with an empty POST', async () => {
    for (const path of ['/api/opportunities/3/signup', '/api/logout']) {
      const res = await call('POST', path, { ...STUDENT, ...OURS, 'content-length': '0' });
      expect(res.status).toBe(200);
    }
  });

  it('lets clients that send neither Origin nor Sec-Fetch-Site (scripts, tools) keep working', async () => {
    const res = await call('POST', '/api/service-hours', { ...STUDENT, ...JSON_TYPE }, '{}');
    expect(res.status).toBe(200);
    const del = await call('DELETE', '/api/users/12', ADMIN);
    expect(del.status).toBe(200);
  });

  it('accepts an event photo from the phone as multipart (issue 33), JSON on the same call, and no other type', async () => {
    const headers = { ...STUDENT, ...OURS };
    const upload = await call(
      'POST',
      '/api/opportunities/7/photos',
      { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
      '--x--\r\n',
    );
    expect(upload.status).toBe(200);
    const json = await call(
      'POST',
      '/api/opportunities/7/photos',
      { ...headers, ...JSON_TYPE },
      '{}',
    );
    expect(json.status).toBe(200);
    const elsewhere = await call(
      'POST',
      '/api/opportunities/7/signup',
      { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
      '--x--\r\n',
    );
    expect(elsewhere.status).toBe(415);
    const asText = await call(
      'POST',
      '/api/opportunities/7/photos',
      { ...headers, 'content-type': 'text/plain' },
      'x',
    );
    expect(asText.json()).toEqual({
      statusCode: 415,
      message: 'Content-Type must be application/json or multipart/form-data',
    });
  });

  it('accepts the avatar upload as multipart, and only there', async () => {
    const upload = await call(
      'PATCH',
      '/api/user/avatar',
      { ...STUDENT, ...OURS, 'content-type': 'multipart/form-data; boundary=x' },
      '--x--\r\n',
    );
    expect(upload.status).toBe(200);
    const asText = await call(
      'PATCH',
      '/api/user/avatar',
      { ...STUDENT, ...OURS, 'content-type': 'text/plain' },
      'x',
    );
    expect(asText.status).toBe(415);
    expect(asText.json()).toEqual({
      statusCode: 415,
      message: 'Content-Type must be application/json or multipart/form-data',
    });
  });

  it('leaves reads alone, whatever their origin', async () => {
    const res = await call('GET', '/api/service-hours', { ...STUDENT, ...EVIL });
    expect(res.status).toBe(200);
  });

  it('leaves the static site alone', async () => {
    const res = await call('GET', '/volunteer', EVIL);
    expect(res.status).toBe(200);
  });
});

describe('cross-site refusal without a configured public URL', () => {
  let auth: StandIn;
  let gateway: TestGateway;

  beforeAll(async () => {
    auth = await startStandIn('svc_auth', { '/internal/auth/verify': verifyRoute });
    gateway = await startTestGateway({
      upstreams: {
        svc_auth: [auth.address],
        svc_volunteer: [auth.address],
        svc_content: [auth.address],
        svc_hours: [auth.address],
      },
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await auth?.close();
  });

  it('accepts the origin of the host the request was sent to, and no other', async () => {
    const del = (origin: string) =>
      request(`${gateway.url}/api/users/12`, { method: 'DELETE', headers: { ...ADMIN, origin } });
    expect((await del(gateway.url)).status).toBe(200);
    expect((await del('http://evil.example')).status).toBe(403);
  });
});
