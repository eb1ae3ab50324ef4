import http, { type IncomingHttpHeaders } from 'node:http';

export interface HttpResult {
  status: number;
  headers: IncomingHttpHeaders;
  /** raw bytes as sent on the wire (still gzip-encoded if the gateway compressed them) */
  body: Buffer;
  text: string;
  ms: number;
  json<T = unknown>(): T;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string | number>;
  body?: Buffer | string;
}

// node:http rather than fetch: raw bytes, exact headers, and a fresh TCP connection per request
// (agent: false) so upstream keepalive is nginx's doing, not the client's.
export function request(url: string, options: RequestOptions = {}): Promise<HttpResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: body.toString('utf8'),
            ms: performance.now() - started,
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
        res.on('error', reject);
      },
    );
    // nginx may answer 413 before the whole body is written and then close: the answer counts.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (options.body !== undefined) req.end(options.body);
    else req.end();
  });
}
