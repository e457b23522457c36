import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './accept-encoding';

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br', 'br'],
    ['GZIP', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
    [undefined, undefined],
    ['br;q=abc, gzip', 'gzip'],
  ])('answers %j with %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
