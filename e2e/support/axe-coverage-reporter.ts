import { readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig, Reporter, Suite } from '@playwright/test/reporter';
import { WHOLE_RUN_MARKER, runLedgerDir } from './axe-coverage';

/**
 * Tells the coverage check at the end of the run (global-teardown.ts) whether this run holds every spec file: only
 * then is a page visited and not read a failure. A run of some files passes through pages that other files read
 * (the login page a signed-in journey is sent on from, the sign-up's verification pages), so it only lists them.
 */
export default class AxeCoverageReporter implements Reporter {
  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    const testDir = config.projects[0]?.testDir;
    if (!testDir) return;
    const inRun = new Set(suite.allTests().map((test) => path.resolve(test.location.file)));
    const specFiles = readdirSync(testDir)
      .filter((file) => file.endsWith('.spec.ts'))
      .map((file) => path.resolve(testDir, file));
    if (specFiles.every((file) => inRun.has(file))) {
      mkdirSync(runLedgerDir(), { recursive: true });
      writeFileSync(path.join(runLedgerDir(), WHOLE_RUN_MARKER), '');
    }
  }
}
