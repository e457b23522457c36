import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { formatSlowest, type TimedTest } from './slowest-tests';

/** Prints the ten slowest Vitest tests of all projects at the end of `vitest run` (beside the default reporter). */
export default class SlowestTestsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const tests: TimedTest[] = [];
    for (const testModule of testModules) {
      for (const testCase of testModule.children.allTests()) {
        const duration = testCase.diagnostic()?.duration;
        if (duration === undefined) continue;
        tests.push({
          where: `${testCase.project.name} ${path.relative(process.cwd(), testModule.moduleId)}`,
          title: testCase.fullName,
          durationMs: duration,
          timeoutMs: testCase.options.timeout,
        });
      }
    }
    const lines = formatSlowest('Vitest', tests);
    if (lines.length > 0) console.log(`\n${lines.join('\n')}`);
  }
}
