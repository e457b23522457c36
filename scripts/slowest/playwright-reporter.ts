import path from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { formatSlowest, type TimedTest } from './slowest-tests';

/** Prints the ten slowest browser journeys at the end of `playwright test` (beside the list or line reporter). */
export default class SlowestTestsReporter implements Reporter {
  private readonly tests: TimedTest[] = [];

  printsToStdio(): boolean {
    // The list or line reporter beside it owns the terminal; this one only adds lines at the end.
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.tests.push({
      where: `${path.relative(process.cwd(), test.location.file)}:${test.location.line}`,
      title: test.title,
      durationMs: result.duration,
      timeoutMs: test.timeout,
    });
  }

  onEnd(): void {
    const lines = formatSlowest('browser', this.tests);
    if (lines.length > 0) console.log(`\n${lines.join('\n')}`);
  }
}
