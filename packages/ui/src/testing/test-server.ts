/// <reference types="node" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface TestServer {
  origin: string;
  requests: Array<{ method: string; url: string; body: string }>;
  close: () => Promise<void>;
}

// A real HTTP server on a free port, for tests of code that calls fetch. Routes are matched on
// "METHOD /path"; anything else answers 404.
export async function startTestServer(routes: Record<string, Handler>): Promise<TestServer> {
  const requests: TestServer['requests'] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = req.url ?? '/';
      requests.push({ method: req.method ?? 'GET', url, body });
      const handler = routes[`${req.method} ${url.split('?')[0]}`];
      if (handler) handler(req, res, body);
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Browser code fetches relative URLs ("/api/user"); in jsdom they must go to the test server.
export function routeRelativeFetchTo(origin: string): () => void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(typeof input === 'string' && input.startsWith('/') ? origin + input : input, init);
  return () => {
    globalThis.fetch = realFetch;
  };
}

export function json(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(payload));
}
