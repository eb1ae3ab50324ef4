import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startContractTap, type ContractTap } from './contract-tap.ts';

// The tap must hand over exactly what the gateway answered, as it comes, and still see what
// breaks the document: a stand-in gateway answers bytes, cookies and an event stream.
const PDF = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0xfe, 0x80, 0x00, 0x0a]);
const COOKIES = [
  'sid=abc; Path=/; Expires=Thu, 01 Jan 2037 00:00:00 GMT; HttpOnly; SameSite=Lax',
  'device=xyz; Path=/; HttpOnly',
];

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'stand-in', version: '1' },
  paths: {
    '/api/record.pdf': {
      get: {
        responses: {
          '200': {
            description: 'A PDF',
            content: { 'application/pdf': { schema: { type: 'string' } } },
          },
        },
      },
    },
    '/api/login': {
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['username'],
                additionalProperties: false,
                properties: { username: { type: 'string', maxLength: 20 } },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Signed in',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id'],
                  properties: { id: { type: 'integer' } },
                },
              },
            },
          },
          '400': { description: 'Invalid' },
        },
      },
    },
    '/api/stream': {
      get: {
        responses: {
          '200': {
            description: 'Events',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
        },
      },
    },
  },
};

let upstream: Server;
let tap: ContractTap;
let endStream: (() => void) | undefined;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/api/record.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf', 'set-cookie': COOKIES });
        res.end(PDF);
      } else if (req.url === '/api/login') {
        const { username } = JSON.parse(body) as { username: string };
        // "bad" answers a string id: a response the document does not allow.
        if (username.length > 20) res.writeHead(400).end();
        else
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ id: username === 'bad' ? 'one' : 1 }));
      } else if (req.url === '/api/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
        endStream = () => res.end('data: last\n\n');
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const port = (upstream.address() as AddressInfo).port;
  tap = await startContractTap({
    upstream: `http://127.0.0.1:${port}`,
    port: 0,
    document: DOCUMENT,
  });
});

afterAll(async () => {
  await tap.stop();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

function get(path: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) =>
    http.get(`${tap.url}${path}`, resolve).on('error', reject),
  );
}

async function bytes(res: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const login = (username: string) =>
  fetch(`${tap.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username }),
  });

describe('the contract tap', () => {
  it('passes bytes and every Set-Cookie through unchanged, adding no header', async () => {
    const res = await get('/api/record.pdf');
    expect(await bytes(res)).toEqual(PDF);
    expect(res.headers['set-cookie']).toEqual(COOKIES);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('hands an event over before the stream ends', async () => {
    const res = await get('/api/stream');
    const first = await new Promise<string>((resolve) =>
      res.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    );
    expect(first).toBe('data: first\n\n');
    endStream!();
    expect((await bytes(res)).toString()).toBe('data: last\n\n');
  });

  it('reports an answer the document does not allow, and only that', async () => {
    expect((await login('ok')).status).toBe(200);
    // Refused by the server and by the document: agreement, not a violation.
    expect((await login('x'.repeat(30))).status).toBe(400);
    const bad = await login('bad');
    // The client still gets exactly what the server said.
    expect(await bad.json()).toEqual({ id: 'one' });
    const violations = await tap.violations();
    expect(violations).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/login',
        status: 200,
        side: 'response',
        what: expect.stringContaining('response.body.id'),
      }),
    ]);
  });
});
