import { describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD_BYTES, PublishBuffer, sizeOf, type BufferedValue } from './publish-buffer';

const value = (n: number, bytes = 10): BufferedValue => ({
  topicPath: `t/${n}`,
  payload: Buffer.alloc(bytes, n % 256),
});
const paths = (values: readonly BufferedValue[]) => values.map((entry) => entry.topicPath);

describe('PublishBuffer', () => {
  it('keeps values in order and frees their room when released', () => {
    const buffer = new PublishBuffer({ maxRecords: 10, maxBytes: 10_000 });
    for (let n = 0; n < 5; n += 1) expect(buffer.push(value(n))).toBe(0);
    const batch = buffer.take(3, 10_000);
    expect(paths(batch)).toEqual(['t/0', 't/1', 't/2']);
    expect(buffer.records).toBe(5);
    expect(buffer.queued).toBe(2);
    buffer.release(batch);
    expect(buffer.records).toBe(2);
    expect(buffer.bytes).toBe(2 * sizeOf(value(3)));
  });

  it('drops the oldest queued values at the record bound, never the batch in flight', () => {
    const buffer = new PublishBuffer({ maxRecords: 4, maxBytes: 1_000_000 });
    for (let n = 0; n < 4; n += 1) buffer.push(value(n));
    const inFlight = buffer.take(2, 1_000_000);
    expect(buffer.push(value(4))).toBe(1);
    expect(buffer.push(value(5))).toBe(1);
    expect(buffer.records).toBe(4);
    expect(paths(inFlight)).toEqual(['t/0', 't/1']);
    expect(paths(buffer.drain())).toEqual(['t/4', 't/5']);
    expect(buffer.overflowDropped).toBe(2);
    expect(buffer.endOverflow()).toBe(2);
    expect(buffer.overflowDropped).toBe(0);
  });

  it('holds the byte bound: several old values make room for a big one', () => {
    const size = 100 + 3 + ENTRY_OVERHEAD_BYTES;
    const buffer = new PublishBuffer({ maxRecords: 100, maxBytes: size * 3 });
    for (let n = 0; n < 3; n += 1) buffer.push(value(n, 100));
    expect(buffer.push(value(9, 250))).toBe(2);
    expect(buffer.bytes).toBeLessThanOrEqual(size * 3);
    expect(paths(buffer.drain())).toEqual(['t/2', 't/9']);
  });

  it('drops the new value itself when only the batch in flight is left and it cannot fit beside it', () => {
    const buffer = new PublishBuffer({ maxRecords: 2, maxBytes: 1_000_000 });
    buffer.push(value(0));
    buffer.push(value(1));
    buffer.take(2, 1_000_000);
    expect(buffer.push(value(2))).toBe(1);
    expect(buffer.records).toBe(2);
    expect(buffer.queued).toBe(0);
  });

  it('takes at least one value even when it alone passes the batch byte limit', () => {
    const buffer = new PublishBuffer({ maxRecords: 10, maxBytes: 1_000_000 });
    buffer.push(value(0, 5000));
    buffer.push(value(1, 10));
    expect(paths(buffer.take(10, 100))).toEqual(['t/0']);
  });

  it('stays bounded and in order through a long run (the queue compacts)', () => {
    const buffer = new PublishBuffer({ maxRecords: 1000, maxBytes: 10_000_000 });
    for (let n = 0; n < 20_000; n += 1) buffer.push(value(n));
    expect(buffer.records).toBe(1000);
    const rest = buffer.drain();
    expect(rest[0]?.topicPath).toBe('t/19000');
    expect(rest.at(-1)?.topicPath).toBe('t/19999');
  });
});
