import { describe, expect, it } from 'vitest';
import { createVerifiedTokenCache } from './verified-token-cache';

describe('the verified token cache', () => {
  it('answers a cached token until its expiry, and not from then on', () => {
    const cache = createVerifiedTokenCache<string>(10);
    cache.set('t', 'claims', 2_000);
    expect(cache.get('t', 1_999)).toBe('claims');
    expect(cache.get('t', 2_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most its bound, dropping the oldest token first', () => {
    const cache = createVerifiedTokenCache<number>(2);
    cache.set('a', 1, 10_000);
    cache.set('b', 2, 10_000);
    cache.set('c', 3, 10_000);
    expect([cache.get('a', 0), cache.get('b', 0), cache.get('c', 0)]).toEqual([undefined, 2, 3]);
  });
});
