import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import http from 'node:http';
import net from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { request } from './support/http-client.ts';
import { sendJson, startStandIn, verifyRoute, type StandIn } from './support/stand-in.ts';
import {
  deadAddress,
  expectSecurityHeaders,
  startTestGateway,
  type TestGateway,
} from './support/test-gateway.ts';

const SIGNED_IN = { cookie: 'sid=student' };

describe('gateway with services up, down and in between', () => {
  let auth: StandIn;
  let volunteerA: StandIn;
  let volunteerB: StandIn;
  let content: StandIn;
  let content2: StandIn;
  let gateway: TestGateway;
  const openStreams: ServerResponse[] = [];

  beforeAll(async () => {
    auth = await startStandIn('svc_auth', { '/internal/auth/verify': verifyRoute });
    volunteerA = await startStandIn('svc_volunteer', {
      '/api/opportunities/400': (_req, res) =>
        sendJson(res, 400, {
          statusCode: 400,
          message: 'Caption is required',
          errors: [{ path: 'caption', message: 'Caption is required' }],
        }),
      '/api/opportunities/403': (_req, res) =>
        sendJson(res, 403, { statusCode: 403, message: 'Admins only' }),
      '/api/opportunities/404': (_req, res) =>
        sendJson(res, 404, { statusCode: 404, message: 'Opportunity not found' }),
      '/api/opportunities/409': (_req, res) =>
        sendJson(res, 409, { statusCode: 409, message: 'Already signed up' }),
      '/api/opportunities/503': (_req, res) =>
        sendJson(res, 503, { statusCode: 503, message: 'Database is restarting' }),
      '/api/opportunities/big': (_req, res) =>
        sendJson(
          res,
          200,
          Array.from({ length: 200 }, (_, id) => ({
            id,
            title: 'Food bank shift',
            location: 'Metairie',
          })),
        ),
    });
    volunteerB = await startStandIn('svc_volunteer');
    const sse = (chunked: boolean) => (_req: unknown, res: ServerResponse) => {
      // Without chunked framing nginx only forwards full buffers unless proxy_buffering is off.
      if (!chunked)
        (
          res as ServerResponse & { useChunkedEncodingByDefault: boolean }
        ).useChunkedEncodingByDefault = false;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('data: {"type":"new_opportunity","data":{"title":"first"}}\n\n');
      openStreams.push(res);
    };
    const contentRoutes = {
      '/api/notifications/stream': sse(true),
      '/api/notifications/stream/raw': sse(false),
    };
    content = await startStandIn('svc_content', contentRoutes);
    content2 = await startStandIn('svc_content', contentRoutes);
    gateway = await startTestGateway({
      upstreams: {
        svc_auth: [auth.address],
        // A dead replica beside a live one: scale-out must survive one replica restarting.
        svc_volunteer: [await deadAddress(), volunteerA.address],
        svc_content: [content.address, content2.address],
        // Every replica down.
        svc_hours: [await deadAddress(), await deadAddress()],
      },
    });
  });
  afterAll(async () => {
    for (const res of openStreams) res.end();
    await gateway?.stop();
    await Promise.all([auth, volunteerA, volunteerB, content, content2].map((s) => s?.close()));
  });
  beforeEach(() => {
    for (const standIn of [auth, volunteerA, volunteerB, content, content2])
      standIn.requests.length = 0;
  });

  it('answers 502 JSON within 3 s when every replica of a service is down', async () => {
    const res = await request(`${gateway.url}/api/service-hours`, { headers: SIGNED_IN });

    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toEqual({ statusCode: 502, message: 'Service unavailable' });
    expect(res.ms).toBeLessThan(3_000);
    expectSecurityHeaders(res);
  });

  it('answers a POST to a service that is down with 502 JSON, never a hang', async () => {
    const res = await request(`${gateway.url}/api/service-hours`, {
      method: 'POST',
      headers: { ...SIGNED_IN, 'content-type': 'application/json' },
      body: JSON.stringify({ hours: 2, date: '2025-03-01', description: 'Food bank shift' }),
    });

    expect(res.status).toBe(502);
    expect(res.ms).toBeLessThan(3_000);
  });

  it('sends every request to the live replica when another one is down', async () => {
    for (let i = 0; i < 6; i += 1) {
      const res = await request(`${gateway.url}/api/opportunities`, { headers: SIGNED_IN });
      expect(res.status).toBe(200);
    }
    expect(volunteerA.requests).toHaveLength(6);
  });

  it('spreads requests over the replicas of a service', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await request(`${gateway.url}/api/blog-posts`, { headers: SIGNED_IN });
      expect(res.status).toBe(200);
    }
    expect(content.requests.length).toBeGreaterThan(0);
    expect(content2.requests.length).toBeGreaterThan(0);
    expect(content.requests.length + content2.requests.length).toBe(10);
  });

  it.each([400, 403, 404, 409, 503])(
    "passes the service's own %s JSON through unchanged",
    async (status) => {
      const res = await request(`${gateway.url}/api/opportunities/${status}`, {
        headers: SIGNED_IN,
      });

      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const direct = await request(`http://${volunteerA.address}/api/opportunities/${status}`);
      expect(res.text).toBe(direct.text);
      expectSecurityHeaders(res);
    },
  );

  it('keeps connections to the services alive instead of opening one per request', async () => {
    const before = auth.connections;
    for (let i = 0; i < 20; i += 1) {
      // Each request on a fresh client connection, so any reuse is nginx's.
      const res = await request(`${gateway.url}/api/directory`, { headers: SIGNED_IN });
      expect(res.status).toBe(200);
    }
    // 40 upstream requests (20 auth subrequests + 20 calls) over at most one connection per worker.
    expect(auth.requests).toHaveLength(40);
    expect(auth.connections - before).toBeLessThanOrEqual(2);
  });

  it('compresses API JSON when the client accepts gzip', async () => {
    const res = await request(`${gateway.url}/api/opportunities/big`, {
      headers: { ...SIGNED_IN, 'accept-encoding': 'gzip' },
    });

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const list = JSON.parse(gunzipSync(res.body).toString()) as unknown[];
    expect(list).toHaveLength(200);
  });

  it.each([
    ['chunked', '/api/notifications/stream'],
    ['close-delimited', '/api/notifications/stream/raw'],
  ])('streams %s server-sent events as they are written, unbuffered', async (_framing, path) => {
    const received: string[] = [];
    let ended = false;
    const firstEvent = new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.get(
        `${gateway.url}${path}`,
        { headers: { ...SIGNED_IN, 'accept-encoding': 'gzip' }, agent: false },
        (res) => {
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            received.push(chunk);
            if (received.join('').includes('"first"')) resolve(res);
          });
          res.on('end', () => {
            ended = true;
          });
        },
      );
      req.on('error', reject);
      setTimeout(
        () => reject(new Error(`no event within 3 s (buffered?): ${received.join('')}`)),
        3_000,
      );
    });

    const res = await firstEvent;
    // The service has not finished the response: the event came through on its own.
    expect(ended).toBe(false);
    expect(openStreams).toHaveLength(1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['x-accel-buffering']).toBe('no');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // sse.conf's own add_header cancels inheritance: the security headers are repeated there.
    expect(res.headers['permissions-policy']).toContain('microphone=()');
    const streamRequest = [...content.requests, ...content2.requests].find((r) => r.url === path);
    expect(streamRequest?.headers['x-identity']).toBe('signed.student');

    const stream = openStreams.pop() as ServerResponse;
    const done = new Promise((resolve) => res.on('end', resolve));
    stream.end('data: {"type":"new_opportunity","data":{"title":"second"}}\n\n');
    await done;
    expect(received.join('')).toContain('"second"');
  });

  it('refuses a JSON body over 1 MB with 413 JSON before it reaches the service', async () => {
    const body = JSON.stringify({ title: 'Too long', content: 'x'.repeat(1_100_000) });
    const res = await request(`${gateway.url}/api/blog-posts`, {
      method: 'POST',
      headers: {
        ...SIGNED_IN,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
      body,
    });

    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toEqual({ statusCode: 413, message: 'Request body too large' });
    expectSecurityHeaders(res);
    expect([...content.requests, ...content2.requests]).toHaveLength(0);
  });

  it('refuses an oversized body on a public route too', async () => {
    const body = 'x'.repeat(1_100_000);
    const res = await request(`${gateway.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length },
      body,
    });

    expect(res.status).toBe(413);
    expect(res.json()).toEqual({ statusCode: 413, message: 'Request body too large' });
  });

  it('lets a JSON body just under 1 MB through', async () => {
    const body = JSON.stringify({ content: 'x'.repeat(1_000_000) });
    const res = await request(`${gateway.url}/api/blog-posts`, {
      method: 'POST',
      headers: { ...SIGNED_IN, 'content-type': 'application/json' },
      body,
    });

    expect(res.status).toBe(200);
    const seen = [...content.requests, ...content2.requests];
    expect(seen).toHaveLength(1);
    expect(seen[0].body.length).toBe(Buffer.byteLength(body));
  });

  it('lets an avatar upload just over 5 MB reach svc-auth, which owns the spec message for it', async () => {
    const body = multipart(Buffer.alloc(5 * 1024 * 1024 + 200_000, 1));
    const res = await request(`${gateway.url}/api/user/avatar`, {
      method: 'PATCH',
      headers: { ...SIGNED_IN, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
    });

    expect(res.status).toBe(200);
    expect(auth.requests.find((r) => r.url === '/api/user/avatar')?.body.length).toBe(body.length);
  });

  it('refuses an avatar upload over 6 MB with 413 JSON carrying the spec message', async () => {
    const body = multipart(Buffer.alloc(7 * 1024 * 1024, 1));
    const res = await request(`${gateway.url}/api/user/avatar`, {
      method: 'PATCH',
      headers: { ...SIGNED_IN, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
    });

    expect(res.status).toBe(413);
    expect(res.json()).toEqual({ statusCode: 413, message: 'File size must be less than 5MB' });
    expect(auth.requests.some((r) => r.url === '/api/user/avatar')).toBe(false);
  });

  it('lets an event photo from the phone just over 5 MB reach svc-volunteer, and refuses one over 6 MB with the same 413 as avatars', async () => {
    const path = '/api/opportunities/7/photos';
    const headers = { ...SIGNED_IN, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    const near = multipart(Buffer.alloc(5 * 1024 * 1024 + 200_000, 1), 'photo');
    const reached = await request(`${gateway.url}${path}`, {
      method: 'POST',
      headers,
      body: near,
    });
    expect(reached.status).toBe(200);
    expect(volunteerA.requests.find((r) => r.url === path)?.body.length).toBe(near.length);

    const over = await request(`${gateway.url}${path}`, {
      method: 'POST',
      headers,
      body: multipart(Buffer.alloc(7 * 1024 * 1024, 1), 'photo'),
    });
    expect(over.status).toBe(413);
    expect(over.json()).toEqual({ statusCode: 413, message: 'File size must be less than 5MB' });
    expect(volunteerA.requests.filter((r) => r.url === path)).toHaveLength(1);
  });

  it('refuses an oversized chunked upload (no Content-Length) with 413 JSON as well', async () => {
    const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        `${gateway.url}/api/user/avatar`,
        {
          method: 'PATCH',
          headers: { ...SIGNED_IN, 'content-type': 'multipart/form-data; boundary=x' },
          agent: false,
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(512 * 1024, 1);
      let sent = 0;
      const pump = () => {
        while (sent < 16 && req.write(chunk)) sent += 1;
        if (sent < 16)
          req.once('drain', () => {
            sent += 1;
            pump();
          });
        else req.end();
      };
      pump();
    });

    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({
      statusCode: 413,
      message: 'File size must be less than 5MB',
    });
  });
});

const BOUNDARY = 'district-boundary';
function multipart(file: Buffer, field = 'avatar'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

// A host that drops connection attempts (a crashed VM, a firewall): a listener whose accept queue
// is full and that never accepts, so further SYNs go unanswered. Node always accepts, hence python3.
const hasPython = spawnSync('python3', ['--version']).status === 0;

(hasPython ? describe : describe.skip)('gateway when a service host does not answer at all', () => {
  let auth: StandIn;
  let blackhole: ChildProcess;
  const held: net.Socket[] = [];
  let gateway: TestGateway;

  beforeAll(async () => {
    auth = await startStandIn('svc_auth', { '/internal/auth/verify': verifyRoute });
    blackhole = spawn('python3', [
      '-c',
      'import socket,sys,time\ns=socket.socket()\ns.bind(("127.0.0.1",0))\ns.listen(0)\nprint(s.getsockname()[1],flush=True)\ntime.sleep(120)',
    ]);
    const port = await new Promise<number>((resolve) =>
      blackhole.stdout?.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))),
    );
    // Fill the accept queue.
    for (let i = 0; i < 3; i += 1)
      held.push(net.connect(port, '127.0.0.1').on('error', () => undefined));
    await new Promise((resolve) => setTimeout(resolve, 100));
    gateway = await startTestGateway({
      upstreams: {
        svc_auth: [auth.address],
        svc_volunteer: [auth.address],
        svc_content: [auth.address],
        svc_hours: [`127.0.0.1:${port}`],
      },
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    for (const socket of held) socket.destroy();
    blackhole?.kill();
    await auth?.close();
  });

  it('gives up connecting after 2 s and answers JSON, never a hang', async () => {
    const res = await request(`${gateway.url}/api/service-hours`, { headers: SIGNED_IN });

    expect(res.status).toBe(504);
    expect(res.json()).toEqual({ statusCode: 504, message: 'Service unavailable' });
    expect(res.ms).toBeGreaterThan(1_500);
    expect(res.ms).toBeLessThan(3_000);
  });
});
