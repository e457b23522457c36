/**
 * Fairness between APIs (docs/decisions/051): at most `overall` requests at once, and at most `perHost` to one host,
 * so one slow or huge API holds a few slots and never all of them. Waiting work starts in arrival order, except that
 * work for a host at its limit lets later work for other hosts go first.
 */
export interface ConcurrencyLimiter {
  run<T>(host: string, work: () => Promise<T>): Promise<T>;
  /** Requests running, and waiting for a slot. */
  load(): { running: number; waiting: number };
}

export function createConcurrencyLimiter(limits: {
  overall: number;
  perHost: number;
}): ConcurrencyLimiter {
  let running = 0;
  const perHost = new Map<string, number>();
  const waiting: { host: string; start: () => void }[] = [];

  const fits = (host: string) =>
    running < limits.overall && (perHost.get(host) ?? 0) < limits.perHost;

  function take(host: string) {
    running += 1;
    perHost.set(host, (perHost.get(host) ?? 0) + 1);
  }

  function release(host: string) {
    running -= 1;
    const left = (perHost.get(host) ?? 1) - 1;
    if (left === 0) perHost.delete(host);
    else perHost.set(host, left);
    for (let index = 0; index < waiting.length && running < limits.overall;) {
      const next = waiting[index]!;
      if (fits(next.host)) {
        waiting.splice(index, 1);
        take(next.host);
        next.start();
      } else {
        index += 1;
      }
    }
  }

  return {
    run(host, work) {
      return new Promise((resolve, reject) => {
        // The slot is free before the caller hears the answer: what it starts next finds it.
        const start = () => {
          work().then(
            (value) => {
              release(host);
              resolve(value);
            },
            (error: unknown) => {
              release(host);
              reject(error as Error);
            },
          );
        };
        if (fits(host)) {
          take(host);
          start();
        } else {
          waiting.push({ host, start });
        }
      });
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
