import { rmSync } from 'node:fs';
import {
  assertEveryVisitedPageRead,
  coverageSummary,
  isWholeRun,
  readLedger,
  runLedgerDir,
} from './axe-coverage';
import { PAGE_PATTERNS } from './page-patterns';

/**
 * Fails the whole run when a page some journey visited was never read by axe (issue 25: axe "on every page it
 * visits"; docs/decisions/045), then removes the run's throwaway data directory (made in playwright.config.ts).
 */
export default function globalTeardown(): void {
  const dataDir = process.env.HERALD_E2E_DATA_DIR;
  if (!dataDir) return;
  const entries = readLedger(runLedgerDir());
  const isStrict = isWholeRun(runLedgerDir());
  rmSync(dataDir, { recursive: true, force: true });
  const pages = PAGE_PATTERNS.filter((page) => page.kind === 'page').map((page) => page.pattern);
  if (entries.length > 0) console.log(coverageSummary(entries, pages).join('\n'));
  try {
    assertEveryVisitedPageRead(entries);
  } catch (error) {
    // A run of some spec files lists what the whole run would fail on (axe-coverage-reporter.ts).
    if (isStrict) throw error;
    console.log(
      `${(error as Error).message}\n(not a failure: this run holds some spec files only)`,
    );
  }
}
