import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createStdoutDestination } from './logger';

/** A stdout whose reader never takes anything (a full pipe): every write stays buffered. */
function stalledOutput() {
  const received: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, _callback) {
      received.push(chunk.toString());
      // never calls back: the reader is stuck
    },
  });
  return { stream, received };
}

describe('the server log destination', () => {
  it('drops lines instead of buffering without bound when the reader stalls', () => {
    const { stream } = stalledOutput();
    const destination = createStdoutDestination(stream);
    const line = `${'x'.repeat(1023)}\n`;
    for (let index = 0; index < 10 * 1024; index += 1) destination.write(line);
    // 10 MiB offered, at most 8 MiB (and one line) held.
    expect(stream.writableLength).toBeLessThanOrEqual(8 * 1024 * 1024 + line.length);
    expect(stream.writableLength).toBeGreaterThan(7 * 1024 * 1024);
  });

  it('stops writing, without throwing, once the output broke (EPIPE: the reader is gone)', () => {
    const writes: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        writes.push(chunk.toString());
        callback();
      },
    });
    const destination = createStdoutDestination(stream);
    destination.write('before\n');
    stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(() => destination.write('after\n')).not.toThrow();
    expect(writes).toEqual(['before\n']);
  });
});
