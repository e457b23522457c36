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

  it('refuses a record taken out of order', () => {
    const offsets = new PartitionOffsets();
    offsets.take('4');
    expect(() => offsets.take('4')).toThrow(/taken after 4/);
  });
});
