import { describe, expect, it } from '@jest/globals';
import { acceptsGzip } from './accepts-gzip.util';

describe(acceptsGzip.name, () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['br', false],
    ['identity', false],
    ['', false],
    [undefined, false],
    [['deflate', 'gzip'], true],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
