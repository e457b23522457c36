import { describe, expect, it } from 'vitest';
import { createLineBuffer } from './log-buffer';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the log line buffer', () => {
  it('writes the lines of one event-loop turn together, in order, after the turn', async () => {
    const writes: string[][] = [];
    const buffer = createLineBuffer((lines) => writes.push([...lines]));
    buffer.write('a\n');
    buffer.write('b\n');
    buffer.write('c\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual([['a\n', 'b\n', 'c\n']]);
    buffer.write('d\n');
    await nextTurn();
    expect(writes).toEqual([['a\n', 'b\n', 'c\n'], ['d\n']]);
  });

  it('writes pending lines at once on flush (the process flushes on exit), and never twice', async () => {
    const writes: string[][] = [];
    const buffer = createLineBuffer((lines) => writes.push([...lines]));
    buffer.write('stopping\n');
    buffer.write('runtime stopped\n');
    buffer.flush();
    expect(writes).toEqual([['stopping\n', 'runtime stopped\n']]);
    await nextTurn();
    buffer.flush();
    expect(writes).toHaveLength(1);
  });

  it('writes at once when the pending lines reach their bound, so a burst cannot hold unbounded memory', () => {
    const writes: string[][] = [];
    const buffer = createLineBuffer((lines) => writes.push([...lines]), { maxPendingBytes: 10 });
    buffer.write('12345\n');
    expect(writes).toEqual([]);
    buffer.write('67890\n');
    expect(writes).toEqual([['12345\n', '67890\n']]);
  });
});
