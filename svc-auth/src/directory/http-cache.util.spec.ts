import { describe, expect, it } from '@jest/globals';
import { etagMatches } from './http-cache.util';

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
