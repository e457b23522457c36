import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount } from './usage-format';

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [999, '999 bytes'],
    [1000, '1 kB'],
    [1_234, '1.2 kB'],
    [1_200_000, '1.2 MB'],
    [987_654_321, '987.7 MB'],
    [5_000_000_000_000, '5 TB'],
  ])('writes %d bytes as %j', (value, expected) => {
    expect(formatBytes(value, 'en-US')).toBe(expected);
  });
});

describe('formatCount', () => {
  it('groups thousands in the locale', () => {
    expect(formatCount(1_234_567, 'en-US')).toBe('1,234,567');
  });
});
