import { describe, expect, it } from 'vitest';
import { createConcurrencyLimiter } from './concurrency-limiter';

/** Work that ends when the test says so. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { work: () => done, release };
}

describe('createConcurrencyLimiter', () => {
  it('lets a fast host through while a slow host holds its own slots', async () => {
    const limiter = createConcurrencyLimiter({ overall: 4, perHost: 2 });
    const slow = [held(), held(), held(), held()];
    const started: string[] = [];
    const slowRuns = slow.map((one, index) =>
      limiter.run('slow.example', () => {
        started.push(`slow-${index}`);
        return one.work();
      }),
    );
    await limiter.run('fast.example', async () => started.push('fast'));
    expect(started).toEqual(['slow-0', 'slow-1', 'fast']);
    expect(limiter.load()).toEqual({ running: 2, waiting: 2 });
    slow.forEach((one) => one.release());
    await Promise.all(slowRuns);
    expect(started).toEqual(['slow-0', 'slow-1', 'fast', 'slow-2', 'slow-3']);
    expect(limiter.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('never runs more than the overall limit, and passes errors on', async () => {
    const limiter = createConcurrencyLimiter({ overall: 2, perHost: 2 });
    const a = held();
    const b = held();
    const runs = [limiter.run('a', a.work), limiter.run('b', b.work)];
    const third = limiter.run('c', () => Promise.reject(new Error('boom')));
    expect(limiter.load()).toEqual({ running: 2, waiting: 1 });
    a.release();
    await expect(third).rejects.toThrow('boom');
    b.release();
    await Promise.all(runs);
  });
});
