import { readFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type StandInRoute = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

export interface StandIn {
  name: string;
  port: number;
  /** host:port for the gateway's upstream list */
  address: string;
  requests: RecordedRequest[];
  /** TCP connections accepted since start */
  connections: number;
  close(): Promise<void>;
}

/**
 * A small HTTP server standing in for a service (nginx is what is under test). It records every
 * request it receives, counts TCP connections, and answers `{service, method, url}` unless a
 * route (matched on the path without query, or `*` for any other path) says otherwise.
 */
export async function startStandIn(
  name: string,
  routes: Record<string, StandInRoute> = {},
): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? '/';
      requests.push({ method: req.method ?? 'GET', url, headers: req.headers, body });
      const route = routes[url.split('?')[0]] ?? routes['*'];
      if (route) return route(req, res, body);
      sendJson(res, 200, { service: name, method: req.method, url });
    });
  });
  const standIn: StandIn = {
    name,
    port: 0,
    address: '',
    requests,
    connections: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('connection', () => {
    standIn.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.port = (server.address() as AddressInfo).port;
  standIn.address = `127.0.0.1:${standIn.port}`;
  return standIn;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Stands in for svc-auth's GET /internal/auth/verify: `sid=<name>` is a session of that user. */
export const verifyRoute: StandInRoute = (req, res) => {
  const sid = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (sid === 'student' || sid === 'admin') {
    res.writeHead(204, { 'x-identity': `signed.${sid}` });
    res.end();
  } else if (sid === 'suspended') {
    sendJson(res, 403, { statusCode: 403, message: 'Forbidden' });
  } else {
    sendJson(res, 401, { statusCode: 401, message: 'Unauthorized' });
  }
};

/** A static file server over a build directory (a shell or remote container): 404 when missing. */
export function staticFilesRoute(root: string, headers: Record<string, string> = {}): StandInRoute {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.json': 'application/json',
  };
  return (req, res) => {
    const file = path.join(root, path.normalize((req.url ?? '/').split('?')[0]));
    readFile(file).then(
      (body) => {
        res.writeHead(200, {
          'content-type': types[path.extname(file)] ?? 'application/octet-stream',
          ...headers,
        });
        res.end(body);
      },
      () => {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
      },
    );
  };
}
