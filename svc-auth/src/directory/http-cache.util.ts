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
