/**
 * A deadline counted in time this process was free to notice an answer. A plain timer blamed the other side for our
 * own stalls: when the event loop is held (a long synchronous task, embedded PGlite's work, a starved CPU) for longer
 * than the limit, the timer and the answer are both ready when it frees, and Node runs timers before it reads
 * sockets, so an answer that arrived in time was thrown away as "timed out". Here the time is counted in ticks, and
 * a tick that comes late is credited with at most two ticks' worth: a stall cannot use up the limit by itself.
 */
export interface ResponsiveDeadline {
  /** Aborts with a `TimeoutError` once the limit is used up (the name fetch and AbortSignal.timeout use). */
  readonly signal: AbortSignal;
  /** Stops counting; call it once the work the deadline covers is done. */
  release(): void;
}

export function responsiveDeadline(limitMs: number, tickMs = 100): ResponsiveDeadline {
  const controller = new AbortController();
  let used = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    used += Math.min(now - last, 2 * tickMs);
    last = now;
    if (used >= limitMs) {
      clearInterval(timer);
      controller.abort(new DOMException(`No answer within ${limitMs} ms`, 'TimeoutError'));
    }
  }, tickMs);
  // Never what keeps a process alive.
  timer.unref();
  return { signal: controller.signal, release: () => clearInterval(timer) };
}
