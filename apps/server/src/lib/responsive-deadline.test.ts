import { describe, expect, it } from 'vitest';
import { responsiveDeadline } from './responsive-deadline';

function holdEventLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // A synchronous task: nothing else runs.
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('responsiveDeadline', () => {
  it('aborts with a TimeoutError once the limit has passed on a free event loop', async () => {
    const deadline = responsiveDeadline(200, 20);
    await sleep(120);
    expect(deadline.signal.aborted).toBe(false);
    await sleep(200);
    expect(deadline.signal.aborted).toBe(true);
    expect((deadline.signal.reason as Error).name).toBe('TimeoutError');
  });

  it('does not count a stall longer than the limit against it', async () => {
    const deadline = responsiveDeadline(200, 20);
    holdEventLoop(500);
    // The late tick and this check both run once the loop is free: the stall counted as two ticks at most.
    await sleep(30);
    expect(deadline.signal.aborted).toBe(false);
    await sleep(300);
    expect(deadline.signal.aborted).toBe(true);
    deadline.release();
  });

  it('never aborts once released', async () => {
    const deadline = responsiveDeadline(50, 10);
    deadline.release();
    await sleep(150);
    expect(deadline.signal.aborted).toBe(false);
  });
});
