// Whether an Accept-Encoding header admits gzip (RFC 9110 §12.5.3): "gzip" or "x-gzip" with a
// non-zero q decides; otherwise "*" with a non-zero q; "gzip;q=0" refuses even beside "*".
// The services that keep a pre-compressed body (cached lists) send it only when this holds.
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let star = false;
  for (const part of value.split(',')) {
    const [token, ...params] = part.toLowerCase().split(';');
    const coding = token?.trim();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return allowed;
    if (coding === '*') star = allowed;
  }
  return star;
}
