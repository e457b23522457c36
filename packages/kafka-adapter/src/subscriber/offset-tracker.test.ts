import { describe, expect, it } from 'vitest';
import { PartitionOffsets } from './offset-tracker';

describe('PartitionOffsets', () => {
  // Each case: offsets taken, then the acknowledgements in order, with what each answers to commit.
  const cases: [string, string[], [string, string | null][]][] = [
    [
      'in order: each ack commits past itself',
      ['5', '6', '7'],
      [
        ['5', '6'],
        ['6', '7'],
        ['7', '8'],
      ],
    ],
    [
      'out of order: nothing before the oldest is acked, then all at once',
      ['5', '6', '7'],
      [
        ['7', null],
        ['6', null],
        ['5', '8'],
      ],
    ],
    [
      'a gap in offsets (compacted topic) is no hole',
      ['10', '13', '20'],
      [
        ['13', null],
        ['10', '14'],
        ['20', '21'],
      ],
    ],
    [
      'an unknown or repeated ack commits nothing',
      ['1', '2'],
      [
        ['9', null],
        ['1', '2'],
        ['1', null],
        ['2', '3'],
      ],
    ],
    [
      'offsets past 2^53 stay exact',
      ['9007199254740993', '9007199254740994'],
      [
        ['9007199254740994', null],
        ['9007199254740993', '9007199254740995'],
      ],
    ],
  ];
  it.each(cases)('%s', (_name, taken, acks) => {
    const offsets = new PartitionOffsets();
    for (const offset of taken) offsets.take(offset);
    expect(offsets.inFlight).toBe(taken.length);
    for (const [offset, commit] of acks) expect(offsets.settle(offset)).toBe(commit);
    expect(offsets.inFlight).toBe(0);
  });

  // A partition's full window (1,000 in flight, and more), acknowledged newest first, oldest first, and interleaved:
  // the commit is always one past the acknowledged prefix, through the tracker's compaction of its settled head.
  const window = Array.from({ length: 3_000 }, (_, index) => 100 + index * 2);
  const orders: [string, number[]][] = [
    ['newest first', [...window].reverse()],
    ['oldest first', window],
    [
      'odd positions first',
      [...window.filter((_, i) => i % 2 === 1), ...window.filter((_, i) => i % 2 === 0)],
    ],
  ];
  it.each(orders)('a window of 3,000 acknowledged %s', (_name, acks) => {
    const offsets = new PartitionOffsets();
    for (const offset of window) offsets.take(String(offset));
    const acked = new Set<number>();
    let prefix = 0;
    for (const offset of acks) {
      acked.add(offset);
      const before = prefix;
      while (prefix < window.length && acked.has(window[prefix] as number)) prefix += 1;
      // A commit exactly when this ack extends the acknowledged prefix: one past its new end.
      const expected = prefix > before ? String((window[prefix - 1] as number) + 1) : null;
      expect(offsets.settle(String(offset))).toBe(expected);
      expect(offsets.settle(String(offset))).toBeNull();
      // Between two offsets taken (a compacted topic's gap): never taken, never committed.
      expect(offsets.settle(String(offset + 1))).toBeNull();
    }
    expect(offsets.inFlight).toBe(0);
    expect(offsets.settle(String(window.at(-1)))).toBeNull();
    // Taking goes on after the settled head was compacted.
    const next = (window.at(-1) as number) + 2;
    offsets.take(String(next));
    expect(offsets.inFlight).toBe(1);
    expect(offsets.settle(String(next))).toBe(String(next + 1));
  });

  it('refuses a record taken out of order', () => {
    const offsets = new PartitionOffsets();
    offsets.take('4');
    expect(() => offsets.take('4')).toThrow(/taken after 4/);
  });
});
