import { describe, expect, it } from '@jest/globals';
import { acceptsGzip, etagMatches } from './http-cache.util';

describe('acceptsGzip', () => {
  it('reads what browsers and proxies send', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip(['deflate', 'gzip'])).toBe(true);
  });
});

describe('etagMatches', () => {
  const etag = '"abc123"';
  it('matches either encoding of the same data, weak or strong, or *', () => {
    expect(etagMatches('"abc123"', etag)).toBe(true);
    expect(etagMatches('"abc123.gz"', etag)).toBe(true);
    expect(etagMatches('W/"abc123.gz"', etag)).toBe(true);
    expect(etagMatches('"other", "abc123"', etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
  });

  it('does not match another version', () => {
    expect(etagMatches('"abc12"', etag)).toBe(false);
    expect(etagMatches('"abc123x"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});
