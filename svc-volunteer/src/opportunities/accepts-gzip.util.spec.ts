import { describe, expect, it } from '@jest/globals';
import { acceptsGzip } from './accepts-gzip.util';

describe(acceptsGzip.name, () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['GZIP', true],
    ['*', true],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['deflate, br', false],
    ['x-gzip-custom', false],
    ['', false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('reads repeated headers and absence', () => {
    expect(acceptsGzip(['br', 'gzip'])).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
