import { get as httpGet } from 'node:http';
import { Writable } from 'node:stream';
import jwt from 'jsonwebtoken';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  clearRedisPrefix,
  createTestDatabase,
  identityHeader,
  startRedisServer,
  startTcpProxy,
  startTestService,
  testServiceConfig,
  TEST_IDENTITY_SECRET,
  waitFor,
  type RedisServerHandle,
  type TcpProxyHandle,
  type TestDatabase,
  type TestService,
} from '../src/testing';
import { SERVICE_KEEP_ALIVE_TIMEOUT_MS } from '../src/bootstrap/create-service-app';
import { consumerModule, producerModule } from './fixtures/test-app.module';

const student = { id: 7, isAdmin: false, isSupervisor: false };
const supervisor = { id: 8, isAdmin: false, isSupervisor: true };
const admin = { id: 9, isAdmin: true, isSupervisor: false };

interface Body {
  statusCode: number;
  message: string;
  errors?: Array<{ path: string; message: string }>;
}
const json = (res: Response) => res.json() as Promise<Body>;

describe('a service built with service-kit (HTTP)', () => {
  let db: TestDatabase;
  let service: TestService;
  let prefix: string;
  const logLines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    db = await createTestDatabase('kit_http');
    const config = testServiceConfig({ DATABASE_URL: db.url, DB_SCHEMA: 'volunteer' });
    prefix = config.BULLMQ_PREFIX;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          logLines.push(JSON.parse(line));
        done();
      },
    });
    service = await startTestService(producerModule(), config, {
      logger: pino({ level: 'info' }, sink),
    });
  });

  afterAll(async () => {
    await service?.close();
    await db?.drop();
    if (prefix) await clearRedisPrefix(prefix);
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${service.url}${path}`, { headers });
  const postJson = (
    path: string,
    body: string,
    headers: Record<string, string> = identityHeader(student),
  ) =>
    fetch(`${service.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  describe('identity', () => {
    it('keeps idle connections for 75 s, longer than the gateway keeps its pooled ones (60 s)', async () => {
      // nginx must always be the side that closes an idle upstream connection; otherwise it can
      // reuse a socket the service is closing at that moment and answer 502.
      const header = await new Promise<string | undefined>((resolve, reject) => {
        const req = httpGet(`${service.url}/health/live`, (res) => {
          res.resume();
          resolve(res.headers['keep-alive'] as string | undefined);
        });
        req.on('error', reject);
      });
      expect(header).toBe(`timeout=${SERVICE_KEEP_ALIVE_TIMEOUT_MS / 1000}`);
      expect(SERVICE_KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    });

    it('refuses a request without the identity header with a JSON 401', async () => {
      const res = await get('/me');
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ statusCode: 401, message: 'Unauthorized' });
    });

    it('refuses tokens that are forged, expired, garbled or meant for someone else', async () => {
      const claims = { sub: '7', adm: true, sup: true };
      const forged = jwt.sign(claims, 'another-secret-another-secret-123456', {
        algorithm: 'HS256',
        issuer: 'svc-auth',
        audience: 'district',
      });
      const expired = jwt.sign(
        { ...claims, exp: Math.floor(Date.now() / 1000) - 5 },
        TEST_IDENTITY_SECRET,
        {
          algorithm: 'HS256',
          issuer: 'svc-auth',
          audience: 'district',
        },
      );
      const wrongAudience = jwt.sign(claims, TEST_IDENTITY_SECRET, {
        algorithm: 'HS256',
        issuer: 'svc-auth',
        audience: 'elsewhere',
      });
      const wrongIssuer = jwt.sign(claims, TEST_IDENTITY_SECRET, {
        algorithm: 'HS256',
        issuer: 'someone',
        audience: 'district',
      });
      const unsigned = jwt.sign(claims, '', {
        algorithm: 'none',
        issuer: 'svc-auth',
        audience: 'district',
      });
      const badSubject = jwt.sign({ sub: 'admin', adm: true }, TEST_IDENTITY_SECRET, {
        algorithm: 'HS256',
        issuer: 'svc-auth',
        audience: 'district',
      });
      for (const token of [
        forged,
        expired,
        wrongAudience,
        wrongIssuer,
        unsigned,
        badSubject,
        'not-a-jwt',
        '',
      ]) {
        const res = await get('/admin-area', { 'x-identity': token });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ statusCode: 401, message: 'Unauthorized' });
      }
    });

    it('gives the handler the caller from a valid token', async () => {
      const res = await get('/me', identityHeader(supervisor));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(supervisor);
    });

    it('lets anyone reach a @Public() route', async () => {
      const res = await get('/public/ping');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ pong: true });
    });

    it('answers 403 JSON to a student on a supervisor route and admits supervisors and admins', async () => {
      const denied = await get('/supervisor-area', identityHeader(student));
      expect(denied.status).toBe(403);
      expect(await denied.json()).toEqual({ statusCode: 403, message: 'Forbidden' });
      expect((await get('/supervisor-area', identityHeader(supervisor))).status).toBe(200);
      expect((await get('/supervisor-area', identityHeader(admin))).status).toBe(200);
    });

    it('admits only admins to an admin route', async () => {
      expect((await get('/admin-area', identityHeader(student))).status).toBe(403);
      expect((await get('/admin-area', identityHeader(supervisor))).status).toBe(403);
      expect((await get('/admin-area', identityHeader(admin))).status).toBe(200);
    });
  });

  describe('validation and errors', () => {
    it('answers a failed body check with 400 naming the field and the schema message', async () => {
      const res = await postJson('/widgets', JSON.stringify({ name: 'ab' }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        statusCode: 400,
        message: 'Name must be at least 3 characters long',
        errors: [{ path: 'name', message: 'Name must be at least 3 characters long' }],
      });
    });

    it('names nested paths, missing fields and unknown fields', async () => {
      const nested = await postJson(
        '/widgets',
        JSON.stringify({ name: 'valid', size: { width: 0 } }),
      );
      expect(nested.status).toBe(400);
      expect((await json(nested)).errors).toEqual([
        { path: 'size.width', message: 'Width must be at least 1' },
      ]);

      const missing = await postJson('/widgets', JSON.stringify({}));
      expect(missing.status).toBe(400);
      expect((await json(missing)).errors).toEqual([{ path: 'name', message: 'Required' }]);

      const unknown = await postJson('/widgets', JSON.stringify({ name: 'valid', isAdmin: true }));
      expect(unknown.status).toBe(400);
      expect((await json(unknown)).errors?.[0]?.path).toBe('isAdmin');
    });

    it('validates query strings the same way, coercing numbers', async () => {
      const res = await get('/widgets?status=bogus', identityHeader(student));
      expect(res.status).toBe(400);
      expect((await json(res)).errors?.[0]?.path).toBe('status');
      const ok = await get('/widgets?status=archived&limit=5', identityHeader(student));
      expect(await ok.json()).toEqual({ status: 'archived', limit: 5 });
      const low = await get('/widgets?limit=0', identityHeader(student));
      expect(low.status).toBe(400);
      expect(await low.json()).toEqual({
        statusCode: 400,
        message: 'Limit must be at least 1',
        errors: [{ path: 'limit', message: 'Limit must be at least 1' }],
      });
      const text = await get('/widgets?limit=abc', identityHeader(student));
      expect(text.status).toBe(400);
      expect((await json(text)).errors?.map((e) => e.path)).toEqual(['limit']);
    });

    it('answers a body that is not an object with the same 400 shape', async () => {
      const res = await postJson('/widgets', '[1, 2]');
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(Object.keys(body).sort()).toEqual(['errors', 'message', 'statusCode']);
      expect(body.statusCode).toBe(400);
    });

    it('answers malformed JSON with a JSON 400, not a 500', async () => {
      const res = await postJson('/widgets', '{"name": "abc",');
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(Object.keys(body).sort()).toEqual(['message', 'statusCode']);
      expect(body.statusCode).toBe(400);
      expect(body.message).toMatch(/not valid JSON/);
    });

    it('answers a body over 1 MB with a JSON 413 and writes nothing', async () => {
      const huge = JSON.stringify({ name: 'x'.repeat(1_100_000) });
      const res = await postJson('/widgets', huge);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ statusCode: 413, message: 'Request body is too large' });
      const after = await get('/widgets/1', identityHeader(student));
      expect(after.status).toBe(404);
    });

    it('refuses bytes that are not UTF-8 with a JSON 400 instead of storing U+FFFD', async () => {
      // "caf\xE9": Latin-1, not UTF-8; it used to be stored as "caf\uFFFD".
      const latin1 = Buffer.concat([
        Buffer.from('{"name": "caf'),
        Buffer.from([0xe9]),
        Buffer.from('e-x"}'),
      ]);
      const res = await fetch(`${service.url}/widgets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...identityHeader(student) },
        body: latin1,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        statusCode: 400,
        message: 'Request body is not valid UTF-8',
      });
      // Real UTF-8, with and without its charset, is read as written.
      for (const type of ['application/json', 'application/json; charset="UTF-8"']) {
        const ok = await postJson('/widgets', JSON.stringify({ name: `café ${type.length}` }), {
          ...identityHeader(student),
          'content-type': type,
        });
        expect(ok.status).toBe(201);
      }
    });

    it('refuses a JSON body in any charset but UTF-8 with a JSON 415, in Spanish too', async () => {
      const utf16 = Buffer.from(JSON.stringify({ name: 'utf16-widget' }), 'utf16le');
      for (const charset of ['utf-16', 'UTF-16LE', 'iso-8859-1']) {
        const res = await fetch(`${service.url}/widgets`, {
          method: 'POST',
          headers: {
            'content-type': `application/json; charset=${charset}`,
            ...identityHeader(student),
          },
          body: utf16,
        });
        expect([charset, res.status]).toEqual([charset, 415]);
        expect(await res.json()).toEqual({
          statusCode: 415,
          message: 'Unsupported charset: send UTF-8',
        });
      }
      const es = await fetch(`${service.url}/widgets`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-16',
          'accept-language': 'es',
          ...identityHeader(student),
        },
        body: utf16,
      });
      expect(await es.json()).toEqual({
        statusCode: 415,
        message: 'Juego de caracteres no admitido: envía UTF-8',
      });
    });

    it('answers a method the route does not have with 405 and Allow, not 404', async () => {
      const put = await fetch(`${service.url}/widgets`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...identityHeader(student) },
        body: '{}',
      });
      expect(put.status).toBe(405);
      expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
      expect(put.headers.get('content-type')).toMatch(/application\/json/);
      expect(await put.json()).toEqual({ statusCode: 405, message: 'Method not allowed' });
      // A path with parameters, and one route only.
      const del = await fetch(`${service.url}/widgets/5`, {
        method: 'DELETE',
        headers: identityHeader(student),
      });
      expect(del.status).toBe(405);
      expect(del.headers.get('allow')).toBe('GET, HEAD');
      const boom = await fetch(`${service.url}/boom?x=1`, { method: 'GET' });
      expect(boom.status).toBe(405);
      expect(boom.headers.get('allow')).toBe('POST');
      // A path no route has stays a 404, without Allow.
      const none = await fetch(`${service.url}/no/such/route`, { method: 'PUT' });
      expect(none.status).toBe(404);
      expect(none.headers.get('allow')).toBeNull();
    });

    it('turns a non-numeric id into a 400 and an impossible one into a 404', async () => {
      const bad = await get('/widgets/abc', identityHeader(student));
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({
        statusCode: 400,
        message: 'Invalid id',
        errors: [{ path: 'id', message: 'Invalid id' }],
      });
      for (const garbage of ['-3', '1.5', '1e3', '%20']) {
        const res = await get(`/widgets/${garbage}`, identityHeader(student));
        expect([garbage, res.status]).toEqual([garbage, 400]);
        expect((await json(res)).errors).toEqual([{ path: 'id', message: 'Invalid id' }]);
      }
      // 0 or past PostgreSQL's integer: no such row can exist, and the database is never asked.
      for (const impossible of ['0', '99999999999']) {
        const res = await get(`/widgets/${impossible}`, identityHeader(student));
        expect(await res.json()).toEqual({ statusCode: 404, message: 'Not found' });
      }
      const missing = await get('/widgets/12345', identityHeader(student));
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ statusCode: 404, message: 'Widget not found' });
    });

    it("answers what Fastify's router refuses (an overlong id, bad percent-encoding) in the one shape", async () => {
      const long = await get(`/widgets/${'9'.repeat(150)}`, identityHeader(student));
      expect(long.status).toBe(414);
      expect(await long.json()).toEqual({ statusCode: 414, message: 'URI too long' });
      const malformed = await get('/widgets/%E0%A4%A', identityHeader(student));
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual({ statusCode: 400, message: 'Bad request' });
    });

    it('answers an unknown route with the same JSON 404 shape', async () => {
      const res = await get('/no/such/route', identityHeader(student));
      expect(res.status).toBe(404);
      const body = await json(res);
      expect(Object.keys(body).sort()).toEqual(['message', 'statusCode']);
      expect(body.statusCode).toBe(404);
    });

    it('hides unexpected errors behind a bare 500 and logs them', async () => {
      const res = await postJson('/boom', '{}');
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ statusCode: 500, message: 'Internal server error' });
      expect(text).not.toMatch(/secret internal detail|at .*\.ts/);
      expect(
        logLines.some(
          (l) => l.msg === 'unhandled error' && JSON.stringify(l).includes('secret internal'),
        ),
      ).toBe(true);
    });

    it('maps an unmapped unique violation to 409', async () => {
      const first = await postJson('/widgets', JSON.stringify({ name: 'unique-name' }));
      expect(first.status).toBe(201);
      const second = await postJson('/widgets', JSON.stringify({ name: 'unique-name' }));
      expect(second.status).toBe(409);
      expect(await second.json()).toEqual({ statusCode: 409, message: 'Already exists' });
    });
  });

  describe('operations', () => {
    it('reports liveness and readiness (database and Redis) without a token', async () => {
      const live = await get('/health/live');
      expect(live.status).toBe(200);
      const ready = await get('/health/ready');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    });

    it('writes one JSON log line per request with method, url, status, ms and the user id', async () => {
      await get('/me', identityHeader({ id: 4242 }));
      const line = logLines.find(
        (l) => l.msg === 'request' && l.url === '/me' && l.userId === 4242,
      );
      expect(line).toMatchObject({ method: 'GET', url: '/me', status: 200, userId: 4242 });
      expect(typeof line?.ms).toBe('number');
    });

    it("leaves health probes and the gateway's /internal/ checks out of the info log", async () => {
      await get('/health/live');
      await get('/internal/auth/verify', identityHeader({ id: 4343 }));
      await get('/me', identityHeader({ id: 4343 }));
      const urls = logLines.filter((l) => l.msg === 'request').map((l) => l.url);
      expect(urls).toContain('/me');
      expect(urls.filter((url) => /^\/(health|internal)\//.test(String(url)))).toEqual([]);
    });
  });
});

describe('readiness when Redis is unreachable', () => {
  it('answers /health/ready with a JSON 503 naming Redis while /health/live stays 200', async () => {
    const db = await createTestDatabase('kit_ready');
    // Port 1 on loopback: nothing listens there.
    const config = testServiceConfig({
      DATABASE_URL: db.url,
      DB_SCHEMA: 'hours',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    // The consumer side too: neither the worker nor the relay may block start or shutdown.
    const service = await startTestService(consumerModule(), config);
    try {
      expect((await fetch(`${service.url}/health/live`)).status).toBe(200);
      const ready = await fetch(`${service.url}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        statusCode: 503,
        message: 'Not ready: redis unavailable',
        status: 'unavailable',
        missing: ['redis'],
      });
      expect(ready.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await service.close();
      await db.drop();
    }
  });
});

// Issue 15.2, for every service built on the kit: PostgreSQL taken away (a TCP proxy in front of
// the real server, closed) and Redis taken away (a redis-server of the test's own, killed).
describe('a service with PostgreSQL or Redis down', () => {
  let db: TestDatabase;
  let proxy: TcpProxyHandle;
  let redis: RedisServerHandle;
  let service: TestService;

  beforeAll(async () => {
    db = await createTestDatabase('kit_outage');
    const real = new URL(db.url);
    proxy = await startTcpProxy(real.hostname, Number(real.port || 5432));
    redis = await startRedisServer();
    const viaProxy = new URL(db.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const config = testServiceConfig({
      DATABASE_URL: viaProxy.toString(),
      DB_SCHEMA: 'volunteer',
      REDIS_URL: redis.url,
    });
    service = await startTestService(producerModule(), config);
  });

  afterAll(async () => {
    await proxy?.open().catch(() => undefined);
    await service?.close();
    await proxy?.close();
    await redis?.stop();
    await db?.drop();
  });

  const createWidget = () =>
    fetch(`${service.url}/widgets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...identityHeader(admin) },
      body: JSON.stringify({ name: `widget-${Date.now()}` }),
    });

  it('answers 503 JSON with Retry-After while PostgreSQL is away, and serves again once it is back', async () => {
    expect((await createWidget()).status).toBe(201);
    await proxy.close();
    const started = performance.now();
    const down = await createWidget();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await down.json()).toEqual({
      statusCode: 503,
      message: 'Service temporarily unavailable',
    });
    const ready = await fetch(`${service.url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', missing: ['database'] });

    await proxy.open();
    await waitFor(
      async () => (await fetch(`${service.url}/health/ready`)).status === 200,
      'ready again',
    );
    expect((await createWidget()).status).toBe(201);
  });

  it('names Redis in /health/ready while it is away, and is ready again once it is back', async () => {
    await redis.stop();
    const ready = await fetch(`${service.url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', missing: ['redis'] });
    await redis.start();
    await waitFor(
      async () => (await fetch(`${service.url}/health/ready`)).status === 200,
      'ready again',
    );
  });
});
