// "gzip" listed with a non-zero q (or "*"), per RFC 9110 §12.5.3.
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let star = false;
  for (const part of value.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (coding === 'gzip' || coding === 'x-gzip') return weight > 0;
    if (coding === '*') star = weight > 0;
  }
  return star;
}

// If-None-Match against a strong ETag: either encoding's tag counts (same data), weak or not
// (a proxy that re-encodes marks it weak).
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  const base = etag.slice(1, -1);
  for (const raw of value.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    if (tag === `"${base}"` || tag === `"${base}.gz"`) return true;
  }
  return false;
}
