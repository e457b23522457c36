/**
 * The ten slowest tests of a run, printed at its end by both test runners (issue 25: a journey crept up to its
 * 60 s timeout unseen until a fresh 2-core machine failed it; the list shows the next slow one before it fails).
 */
export interface TimedTest {
  /** Where the test is: the file and line, or the project and file. */
  where: string;
  title: string;
  durationMs: number;
  /** The test's time limit, when the runner has one: the list shows how much of it was used. */
  timeoutMs?: number;
}

export const SLOWEST_COUNT = 10;

export function slowestTests(tests: readonly TimedTest[], count = SLOWEST_COUNT): TimedTest[] {
  return [...tests].sort((a, b) => b.durationMs - a.durationMs).slice(0, count);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The lines to print: a heading and one line a test, slowest first. */
export function formatSlowest(runner: string, tests: readonly TimedTest[]): string[] {
  const slowest = slowestTests(tests);
  if (slowest.length === 0) return [];
  const width = Math.max(...slowest.map((test) => seconds(test.durationMs).length));
  return [
    `The ${slowest.length} slowest ${runner} tests:`,
    ...slowest.map((test) => {
      const used =
        test.timeoutMs !== undefined && test.timeoutMs > 0
          ? ` (${Math.round((100 * test.durationMs) / test.timeoutMs)}% of its ${seconds(test.timeoutMs)} limit)`
          : '';
      return `  ${seconds(test.durationMs).padStart(width)}  ${test.where} › ${test.title}${used}`;
    }),
  ];
}
