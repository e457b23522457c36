import { describe, expect, it } from 'vitest';
import { GenerationCache } from './generation-cache';

function counter() {
  return { value: 0 };
}

describe('GenerationCache', () => {
  it('serves an entry while the generation it was read at is current, and drops it after any write', async () => {
    const generation = counter();
    const cache = new GenerationCache<string>(generation);
    let loads = 0;
    const load = async () => `read ${++loads}`;
    expect(await cache.getOrLoad('a', load)).toBe('read 1');
    expect(await cache.getOrLoad('a', load)).toBe('read 1');
    generation.value += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(await cache.getOrLoad('a', load)).toBe('read 2');
  });

  it('does not keep a read during which a write began or ended', async () => {
    const generation = counter();
    const cache = new GenerationCache<string>(generation);
    const value = await cache.getOrLoad('a', async () => {
      generation.value += 1;
      return 'read while writing';
    });
    expect(value).toBe('read while writing');
    expect(cache.size).toBe(0);
  });

  it('never keeps a miss, so unknown keys cannot fill it', async () => {
    const cache = new GenerationCache<string>(counter());
    for (let index = 0; index < 100; index += 1) {
      expect(await cache.getOrLoad(`unknown-${index}`, async () => null)).toBeNull();
    }
    expect(cache.size).toBe(0);
  });

  it('keeps at most its bound, dropping the least recently used entry', async () => {
    const cache = new GenerationCache<string>(counter(), 2);
    await cache.getOrLoad('a', async () => 'A');
    await cache.getOrLoad('b', async () => 'B');
    expect(cache.get('a')).toBe('A');
    await cache.getOrLoad('c', async () => 'C');
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
  });

  it('keeps each key apart', async () => {
    const cache = new GenerationCache<string>(counter());
    await cache.getOrLoad('alice', async () => 'Alice');
    await cache.getOrLoad('bob', async () => 'Bob');
    expect(cache.get('alice')).toBe('Alice');
    expect(cache.get('bob')).toBe('Bob');
  });
});
