import mqemitter from 'mqemitter';
import { describe, expect, it } from 'vitest';
import { createIterativeMqemitter } from './iterative-mqemitter';

/** Fills every delivery slot with a message nobody completes yet, queues `count` more, then frees one slot. */
function drainAfterBurst(emitter: ReturnType<typeof mqemitter>, count: number): number[] {
  const held: Array<() => void> = [];
  emitter.on('slow', (_message, done) => held.push(done));
  for (let slot = 0; slot < 100; slot += 1) emitter.emit({ topic: 'slow' });
  const completed: number[] = [];
  for (let index = 0; index < count; index += 1) {
    emitter.emit({ topic: 'nobody/listens', index }, () => completed.push(index));
  }
  held[0]?.();
  return completed;
}

describe('the iterative message emitter', () => {
  it('shows the overflow it prevents: plain mqemitter recurses through its queue', () => {
    expect(() => drainAfterBurst(mqemitter({ concurrency: 100 }), 100_000)).toThrow(RangeError);
  });

  it('drains a queue of 100,000 messages that complete at once without deep recursion, in order', () => {
    const completed = drainAfterBurst(createIterativeMqemitter(), 100_000);
    expect(completed).toHaveLength(100_000);
    expect(completed.every((value, index) => value === index)).toBe(true);
  });

  it('delivers to subscribers as mqemitter does, "+" matching an empty level', async () => {
    const emitter = createIterativeMqemitter();
    const seen: string[] = [];
    emitter.on('a/+', (message, done) => {
      seen.push(message.topic);
      done();
    });
    await new Promise<void>((resolve) => emitter.emit({ topic: 'a/' }, () => resolve()));
    await new Promise<void>((resolve) => emitter.emit({ topic: 'a/b' }, () => resolve()));
    expect(seen).toEqual(['a/', 'a/b']);
  });
});
