import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rawRequest, type RawResult } from './support/raw-request.ts';
import type { StandIn } from './support/stand-in.ts';
import {
  startGatewayWithStandIns,
  expectSecurityHeaders,
  type TestGateway,
} from './support/test-gateway.ts';

// Issue 15.8: whatever nginx itself refuses under /api is answered in the one JSON error shape
// ({statusCode, message}, docs/architecture.md "Errors"), never nginx's HTML page. Every request
// here is sent byte for byte: most of them no HTTP client would send.
const END = 'Connection: close\r\n\r\n';
const get = (target: string, extra = '') => `GET ${target} HTTP/1.1\r\nHost: a\r\n${extra}${END}`;

const API_CASES: Array<[string, string, number]> = [
  ['a NUL byte in the path', get('/api/opportunities%00'), 400],
  ['a NUL byte in a signed-in route', get('/api/user%00/x', 'Cookie: sid=student\r\n'), 400],
  ['`..` above the root', get('/api/../../etc/passwd'), 400],
  ['an encoded /api prefix with a NUL byte', get('/%61pi/x%00'), 400],
  ['an absolute-form target with a NUL byte', get('http://a/api/x%00'), 400],
  [
    '`..%2f` out of /api onto a static file (a POST: was HTML 405)',
    `POST /api/opportunities/..%2f..%2findex.html HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n${END}`,
    404,
  ],
  [
    '`..%2f` out of /api onto the shell (a GET: was the shell’s HTML)',
    get('/api/..%2findex.html'),
    404,
  ],
  ['TRACE', `TRACE /api/user HTTP/1.1\r\nHost: a\r\n${END}`, 405],
  ['HTTP/1.1 without Host', `GET /api/user HTTP/1.1\r\n${END}`, 400],
  ['a header line over 8 kB', get('/api/user', `X-Big: ${'a'.repeat(9000)}\r\n`), 431],
  ['a request line over 8 kB', get(`/api/opportunities?q=${'a'.repeat(9000)}`), 414],
  [
    'an unknown transfer coding',
    `POST /api/login HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n${END}`,
    501,
  ],
  [
    'a Content-Length that is no number',
    `POST /api/login HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n${END}`,
    400,
  ],
  [
    'a broken chunked body',
    `POST /api/login HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n${END}zz\r\n`,
    400,
  ],
  ['an HTTP version nginx does not speak', `GET /api/user HTTP/2.0\r\nHost: a\r\n${END}`, 505],
  ['a method nginx cannot parse', `G@T /api/user HTTP/1.1\r\nHost: a\r\n${END}`, 400],
  ['an unknown API path', get('/api/nothing'), 404],
];

const NON_API_CASES: Array<[string, string, number]> = [
  ['a NUL byte in a page path', get('/volunteer%00'), 400],
  ['a NUL byte in a path that only starts like /api', get('/apix%00'), 400],
  ['a header line over 8 kB on a page', get('/', `X-Big: ${'a'.repeat(9000)}\r\n`), 400],
  [
    'a POST to a static file',
    `POST /index.html HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n${END}`,
    405,
  ],
  ['an unknown remote', get('/mf/nothing/remoteEntry.js'), 404],
];

describe('nginx’s own errors under /api', () => {
  let standIns: StandIn[];
  let gateway: TestGateway;
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ gateway, standIns, stop } = await startGatewayWithStandIns());
  });
  afterAll(async () => {
    await stop?.();
  });

  const send = (text: string) => rawRequest(gateway.nginx.port, text);
  const expectJsonError = (res: RawResult, status: number) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.parse(res.body)).toEqual({ statusCode: status, message: expect.any(String) });
    expectSecurityHeaders({ headers: res.headers } as never);
  };

  it.each(API_CASES.map(([what, text, status]) => ({ what, text, status })))(
    'answers $what with $status JSON',
    async ({ text, status }) => {
      expectJsonError(await send(text), status);
    },
  );

  it('names the error in the message', async () => {
    expect(JSON.parse((await send(get('/api/x%00'))).body)).toEqual({
      statusCode: 400,
      message: 'Bad Request',
    });
    expect(JSON.parse((await send(`TRACE /api/user HTTP/1.1\r\nHost: a\r\n${END}`)).body)).toEqual({
      statusCode: 405,
      message: 'Method Not Allowed',
    });
  });

  it('never lets a refused request reach a service', async () => {
    const before = standIns.map((s) => s.requests.length);
    for (const [, text] of API_CASES.slice(0, 9)) await send(text);
    expect(standIns.map((s) => s.requests.length)).toEqual(before);
  });

  it.each(NON_API_CASES.map(([what, text, status]) => ({ what, text, status })))(
    'keeps nginx’s own $status page for $what',
    async ({ text, status }) => {
      const res = await send(text);
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toBe('text/html');
      expect(res.body).toContain('<html>');
    },
  );

  it('keeps the internal error locations out of reach of clients', async () => {
    const res = await send(get('/_gateway/error/500/1'));
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html');
  });
});
