import { describe, expect, it } from '@jest/globals';
import { acceptsGzip } from './accepts-gzip.util';

describe(acceptsGzip.name, () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['gzip ;q=0.5', true],
    ['*', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    // An explicit refusal wins over the wildcard, in either order.
    ['gzip;q=0, *', false],
    ['*, gzip;q=0', false],
    ['*;q=0', false],
    ['deflate, br', false],
    ['identity', false],
    ['x-gzip-custom', false],
    ['', false],
    [undefined, false],
    [['deflate', 'gzip'], true],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
