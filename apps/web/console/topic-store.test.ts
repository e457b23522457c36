import { describe, expect, it } from 'vitest';
import { createTopicStore, displayValue } from './topic-store';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the console topic store', () => {
  it('keeps the first paths up to the limit and counts the rest', () => {
    const store = createTopicStore(2);
    const at = new Date(0);
    expect(store.update('a', bytes('1'), at)).toBe(true);
    expect(store.update('b', bytes('2'), at)).toBe(true);
    expect(store.update('c', bytes('3'), at)).toBe(false);
    expect(store.update('a', bytes('4'), at)).toBe(true);
    expect(store.rows().map((row) => [row.path, row.value])).toEqual([
      ['a', '4'],
      ['b', '2'],
    ]);
    expect(store.overflow).toBe(1);
  });

  it('shows text shortened and binary by its size', () => {
    expect(displayValue(bytes('x'.repeat(300)))).toHaveLength(201);
    expect(displayValue(new Uint8Array([1, 0, 2]))).toBe('(3 bytes of binary data)');
  });
});
