// The contract tap (issue 29): in test runs it stands where the browser and the fuzz client reach
// the gateway, passes every byte through unchanged and as it comes (event streams, uploads, PDFs,
// cookies), and checks a copy of each /api exchange against the published OpenAPI document with
// Prism's validator (@stoplight/prism-http, the engine of `prism proxy`; in a worker thread,
// contract-check.worker.ts). Violations are collected; the e2e and fuzz runs fail at their end
// with the list (docs/decisions.md "The contract, checked by tools written elsewhere").
//
// Why not `prism proxy` itself: it re-encodes what it forwards. It reads every answer as text
// (a PDF or an image loses its bytes), joins Set-Cookie headers into one, adds CORS headers, and
// holds an event stream until it ends.
import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

interface HttpRequest {
  method: string;
  url: { path: string; query: Record<string, string | string[]> };
  headers: Record<string, string>;
  body?: unknown;
}
interface HttpResponse {
  statusCode: number;
  headers: Record<string, string>;
  body?: unknown;
}
interface PrismValidation {
  path?: Array<string | number>;
  message: string;
  // 0 error, 1 warning, 2 information, 3 hint (DiagnosticSeverity).
  severity: number;
}
type WorkerAnswer =
  | { id: number; input: PrismValidation[]; output: PrismValidation[] }
  | { id: number; error: string };

export interface ContractViolation {
  method: string;
  path: string;
  status: number;
  // request: the server accepted (< 400) a request the document does not allow; response: the
  // answer is not one the document describes.
  side: 'request' | 'response';
  what: string;
}

export interface ContractTap {
  url: string;
  port: number;
  /** Waits for the checks still running, then returns every violation so far. */
  violations(): Promise<ContractViolation[]>;
  /** /api exchanges checked so far. */
  readonly checked: number;
  /** Requests answered 400 that the document allows (the server is stricter than it says). */
  refusedButAllowed(): Promise<ContractViolation[]>;
  stop(): Promise<void>;
}

export interface ContractTapOptions {
  // The gateway the tap passes everything to, e.g. http://127.0.0.1:41234.
  upstream: string;
  // Port to listen on (0: any).
  port: number;
  // The document to check against; else the gateway's /api/openapi.json.
  document?: object;
}

// Not API calls: the staff reference page and its script (endpoints.ts API_DOCS_PAGES).
const NOT_IN_CONTRACT = /^\/api\/docs(\/|$)/;
// A copy of a body larger than this is not kept (the avatar limit is 5 MB, JSON 1 MB).
const MAX_COPY_BYTES = 8 * 1024 * 1024;
// Framing is per hop: Node frames what it sends itself.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function queryOf(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

// What Prism sees of a body: JSON parsed (a malformed one as its text), the rest as text; bytes
// one character each, so a multipart upload keeps its boundaries.
function bodyOf(
  raw: Buffer | null,
  contentType: string | undefined,
  contentEncoding: string | undefined,
): unknown {
  if (!raw || raw.length === 0) return undefined;
  // The gateway gzips JSON for browsers: Prism checks what the browser reads.
  const bytes = decoded(raw, contentEncoding);
  const type = (contentType ?? '').toLowerCase();
  if (/^application\/([\w.+-]+\+)?json/.test(type)) {
    // A leading byte-order mark is ignored, as RFC 8259 lets parsers (and Fastify's does).
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  if (type.startsWith('text/')) return bytes.toString('utf8');
  return bytes.toString('latin1');
}

function decoded(bytes: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
      return gunzipSync(bytes);
    case 'br':
      return brotliDecompressSync(bytes);
    case 'deflate':
      return inflateSync(bytes);
    default:
      return bytes;
  }
}

function collector(wanted: boolean) {
  const chunks: Buffer[] = [];
  let size = 0;
  let kept = wanted;
  return {
    add(chunk: Buffer) {
      if (!kept) return;
      size += chunk.length;
      if (size > MAX_COPY_BYTES) {
        kept = false;
        chunks.length = 0;
      } else chunks.push(chunk);
    },
    bytes: () => (kept ? Buffer.concat(chunks) : null),
  };
}

const describe = (v: PrismValidation, side: string) =>
  `${[side, ...(v.path ?? [])].join('.')}: ${v.message}`;

export async function startContractTap(options: ContractTapOptions): Promise<ContractTap> {
  const upstream = new URL(options.upstream);
  const document =
    options.document ??
    ((await (await fetch(new URL('/api/openapi.json', upstream))).json()) as object);
  const worker = new Worker(new URL('./contract-check.worker.ts', import.meta.url), {
    workerData: { document, upstream: upstream.href },
  });
  const waiting = new Map<number, (answer: WorkerAnswer) => void>();
  let nextId = 0;
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', () => resolve());
  });
  worker.on('message', (answer: WorkerAnswer) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  const validate = (request: HttpRequest, response: HttpResponse) =>
    new Promise<WorkerAnswer>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      worker.postMessage({ id, request, response });
    });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const found: ContractViolation[] = [];
  const refused: ContractViolation[] = [];
  const pending = new Set<Promise<void>>();
  let checked = 0;

  async function check(request: HttpRequest, response: HttpResponse): Promise<void> {
    const result = await validate(request, response);
    checked += 1;
    const base = {
      method: request.method.toUpperCase(),
      path: request.url.path,
      status: response.statusCode,
    };
    if ('error' in result) throw new Error(result.error);
    const { input, output } = result;
    // Hints and information are not violations; errors and warnings are.
    const serious = (v: PrismValidation) => v.severity <= 1;
    for (const v of output.filter(serious))
      found.push({ ...base, side: 'response', what: describe(v, 'response') });
    const inputProblems = input.filter(serious);
    // A request the document forbids and the server refused is the two agreeing.
    if (response.statusCode < 400)
      for (const v of inputProblems)
        found.push({ ...base, side: 'request', what: describe(v, 'request') });
    else if (response.statusCode === 400 && inputProblems.length === 0)
      refused.push({ ...base, side: 'request', what: 'refused with 400; the document allows it' });
  }

  function track(request: HttpRequest, response: HttpResponse): void {
    const guarded = check(request, response).catch((error: unknown) => {
      // Prism cannot read the request (a malformed percent-encoding): refused, it is agreement.
      if (response.statusCode >= 400) return;
      found.push({
        method: request.method.toUpperCase(),
        path: request.url.path,
        status: response.statusCode,
        side: 'request',
        what: `accepted, but Prism cannot read it: ${error instanceof Error ? error.message : String(error)}`,
      });
    });
    pending.add(guarded);
    void guarded.finally(() => pending.delete(guarded));
  }

  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const target = new URL(req.url ?? '/', upstream);
    const inContract =
      target.pathname.startsWith('/api/') && !NOT_IN_CONTRACT.test(target.pathname);
    const requestCopy = collector(inContract);
    const proxied = http.request(
      {
        agent,
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (upRes) => {
        const raw: string[] = [];
        for (let i = 0; i < upRes.rawHeaders.length; i += 2) {
          const name = upRes.rawHeaders[i] as string;
          if (!HOP_BY_HOP.has(name.toLowerCase()))
            raw.push(name, upRes.rawHeaders[i + 1] as string);
        }
        // nginx closes after refusing a body it did not read (413): so does the tap, else the
        // client would send its next request behind the unread rest of this one.
        if (/close/i.test(String(upRes.headers.connection ?? ''))) raw.push('Connection', 'close');
        res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, raw);
        // Event streams go out as they come; their check needs only the status and headers.
        const streaming = String(upRes.headers['content-type'] ?? '').startsWith(
          'text/event-stream',
        );
        if (streaming) res.flushHeaders();
        const responseCopy = collector(inContract && !streaming);
        upRes.on('data', (chunk: Buffer) => {
          responseCopy.add(chunk);
          res.write(chunk);
        });
        const request = (): HttpRequest => ({
          method: (req.method ?? 'GET').toLowerCase(),
          url: { path: target.pathname, query: queryOf(target.searchParams) },
          headers: flatHeaders(req.headers),
          body: bodyOf(
            requestCopy.bytes(),
            req.headers['content-type'],
            req.headers['content-encoding'],
          ),
        });
        const response = (body: unknown): HttpResponse => ({
          statusCode: upRes.statusCode ?? 0,
          headers: flatHeaders(upRes.headers),
          body,
        });
        if (inContract && streaming) track(request(), response(''));
        upRes.on('end', () => {
          res.end();
          if (inContract && !streaming)
            track(
              request(),
              response(
                bodyOf(
                  responseCopy.bytes(),
                  upRes.headers['content-type'],
                  upRes.headers['content-encoding'],
                ),
              ),
            );
        });
        upRes.on('error', () => res.destroy());
      },
    );
    proxied.on('error', (error) => {
      // What the client still sends is read and dropped.
      req.unpipe(proxied);
      req.resume();
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`contract tap: the gateway did not answer: ${error.message}\n`);
      } else res.destroy();
    });
    // A client that goes away (a closed event stream) closes the upstream request too.
    res.on('close', () => {
      if (!res.writableFinished) proxied.destroy();
    });
    req.on('data', (chunk: Buffer) => requestCopy.add(chunk));
    req.pipe(proxied);
  });
  // Event streams stay open as long as the browser keeps them. Idle connections are kept as long
  // as nginx keeps them (keepalive_timeout 65 s), so a client never reuses one just as it closes.
  server.requestTimeout = 0;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 70_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const settle = async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get checked() {
      return checked;
    },
    async violations() {
      await settle();
      return [...found];
    },
    async refusedButAllowed() {
      await settle();
      return [...refused];
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
      await settle();
      await worker.terminate();
    },
  };
}

/** One line per violation, the same ones grouped: "3× POST /api/x → 201 response.body.id: …". */
export function describeViolations(violations: ContractViolation[]): string {
  const groups = new Map<string, number>();
  for (const v of violations) {
    // Ids in paths vary, the finding is the same; a fuzzed 4 kB segment is shortened.
    const path = v.path
      .replace(/\/\d+(?=\/|$)/g, '/{n}')
      .replace(/[^/]{40,}/g, (s) => `${s.slice(0, 12)}…`);
    const key = `${v.method} ${path} → ${v.status} ${v.what}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return [...groups].map(([key, n]) => `${n}× ${key}`).join('\n');
}
