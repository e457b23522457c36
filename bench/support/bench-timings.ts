import os from 'node:os';

/** The value at `q` (0..1) of timings sorted ascending: the nearest rank, never past the last. */
export function quantileOf(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * `count` sequential awaits of `call`: each one's wall time (ms, sorted ascending) and the process's CPU ms per call
 * (with other work on the machine, wall times swing more than CPU cost does).
 */
export async function timeCalls(
  count: number,
  call: () => Promise<unknown>,
): Promise<{ sorted: number[]; cpuMsPerCall: number }> {
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  return {
    sorted: times.sort((a, b) => a - b),
    cpuMsPerCall: (cpu.user + cpu.system) / 1000 / count,
  };
}

/** "load average 1.2 0.9 0.7 on 2 cores": printed with the figures, which mean little on a loaded machine. */
export function loadAverageText(): string {
  const averages = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  return `load average ${averages} on ${os.availableParallelism()} cores`;
}
