import { acceptsGzip } from '../http/accepts-gzip.util';
import { listJson, type CachedBody } from './list-cache';

// The tag of one representation: the JSON's own, or with `.gz` for the gzip bytes (a strong
// ETag names exact bytes, RFC 9110 §8.8.3).
export function listEtag(list: CachedBody, gzipped: boolean): string {
  return gzipped ? `${list.etag.slice(0, -1)}.gz"` : list.etag;
}

// If-None-Match names this list in either representation (or "*"). Weak comparison, as RFC 9110
// §13.1.2 asks for GET: a proxy that re-encodes marks the tag weak.
export function listEtagMatches(header: string | string[] | undefined, list: CachedBody): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  const tags = new Set([listEtag(list, false), listEtag(list, true)]);
  return value.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tags.has(tag);
  });
}

// The parts of a request and reply the helper needs (Fastify's, or any framework's).
export interface ListRequest {
  headers: { 'if-none-match'?: string | string[]; 'accept-encoding'?: string | string[] };
}
export interface ListReply {
  header(name: string, value: string): unknown;
  status(code: number): unknown;
}

// Answers a cached list: 304 when the client holds it, else the gzip bytes when accepted (nginx
// passes an encoded answer through) or the JSON. Returns the body; undefined for a 304. `vary`:
// what else the answer depends on, when it differs per viewer (e.g. `Accept-Encoding, Cookie`).
export async function sendCachedList(
  request: ListRequest,
  reply: ListReply,
  list: CachedBody,
  options: { vary?: string } = {},
): Promise<Buffer | undefined> {
  const gzipped = acceptsGzip(request.headers['accept-encoding']);
  reply.header('vary', options.vary ?? 'accept-encoding');
  // Revalidate on every use (the browser keeps the bytes; a reload costs a 304, not the list).
  reply.header('cache-control', 'private, no-cache');
  reply.header('etag', listEtag(list, gzipped));
  if (listEtagMatches(request.headers['if-none-match'], list)) {
    reply.status(304);
    return undefined;
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  if (!gzipped) return listJson(list);
  reply.header('content-encoding', 'gzip');
  return list.gzip;
}
