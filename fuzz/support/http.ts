// A raw HTTP client: node's fetch would normalise `..` and percent-escapes in paths, and the
// point of the fuzz run is to send exactly the odd bytes it chose.
import { Agent, request } from 'node:http';

export interface RawRequest {
  method: string;
  // Sent as is (already percent-encoded where needed).
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  // The answer was a stream (SSE) that was cut after its headers.
  streamed: boolean;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const MAX_BODY = 2 * 1024 * 1024;

export function send(baseUrl: string, req: RawRequest, timeoutMs = 15_000): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  const headers: Record<string, string> = { ...req.headers };
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const r = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          res.destroy();
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.alloc(0),
            streamed: true,
          });
          return;
        }
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_BODY) chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            streamed: false,
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('timeout', () => r.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    r.on('error', reject);
    r.end(body);
  });
}

// The session cookie from a Set-Cookie answer, as a Cookie header value.
export function sessionCookie(res: RawResponse): string {
  const raw = [res.headers['set-cookie'] ?? []].flat();
  const sid = raw.map((c) => c.split(';')[0]!).find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`no session cookie (status ${res.status}: ${res.body.toString()})`);
  return sid;
}

export function jsonOf(res: RawResponse): unknown {
  return JSON.parse(res.body.toString('utf8'));
}
