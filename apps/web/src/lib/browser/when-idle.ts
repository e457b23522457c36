/** Longest wait for an idle moment: on a busy page the work still runs. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Runs `work` once the page has loaded and the main thread is idle (or after IDLE_TIMEOUT_MS at the latest): for
 * start-up work the first page does not need, so it does not compete with that page for the network and the main
 * thread. Returns a function that cancels it if it has not run yet.
 */
export function whenIdle(work: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) work();
  };
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    } else {
      window.setTimeout(run, 1);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
  };
}
