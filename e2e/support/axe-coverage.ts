import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The run's ledger of pages visited and pages read by axe (docs/decisions/045). Every worker appends to a file of its
 * own in one directory of the run, so the check at the end (global-teardown.ts) sees all workers' entries and each
 * worker sees the others' reads as they happen. Entries are JSON lines, each ended by its newline.
 */

export interface LedgerEntry {
  /** `reread`: a page loaded again in a tab of its own after its journey, and read (fixtures/test.ts). */
  kind: 'visited' | 'read' | 'reread';
  pattern: string;
  url: string;
  /** The journey, as `file › title`. */
  test: string;
  /** For a read, how long the four looks took; for a reread, the whole of it (load, settle, read). */
  ms?: number;
}

/** The run's ledger directory: beside the run's data (playwright.config.ts), unless a test asks for its own. */
export function runLedgerDir(): string {
  const dataDir = process.env.HERALD_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('HERALD_E2E_DATA_DIR is not set: run the journeys through playwright');
  return path.join(dataDir, 'axe-coverage');
}

/** The file axe-coverage-reporter.ts leaves in the ledger's directory when the run holds every spec file. */
export const WHOLE_RUN_MARKER = 'whole-run';

export function isWholeRun(dir: string): boolean {
  return existsSync(path.join(dir, WHOLE_RUN_MARKER));
}

export function appendEntry(dir: string, entry: LedgerEntry): void {
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, `worker-${process.pid}.jsonl`), `${JSON.stringify(entry)}\n`);
}

export function readLedger(dir: string): LedgerEntry[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.jsonl'));
  } catch {
    return [];
  }
  // Only whole lines: another worker may be writing its file's last one while this reads it.
  return files.flatMap((file) =>
    readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .slice(0, -1)
      .map((line) => JSON.parse(line) as LedgerEntry),
  );
}

export function readPatterns(entries: readonly LedgerEntry[]): Set<string> {
  return new Set(entries.filter((entry) => entry.kind === 'read').map((entry) => entry.pattern));
}

/**
 * What the run left unchecked: each page pattern some journey visited that axe never read in this run, with the
 * first journey and URL that reached it. Empty means every visited page was read.
 */
export function unreadPages(entries: readonly LedgerEntry[]): string[] {
  const read = readPatterns(entries);
  const firstVisit = new Map<string, LedgerEntry>();
  for (const entry of entries) {
    if (entry.kind === 'visited' && !read.has(entry.pattern) && !firstVisit.has(entry.pattern)) {
      firstVisit.set(entry.pattern, entry);
    }
  }
  return [...firstVisit.values()].map(
    (entry) => `${entry.pattern} (visited at ${entry.url} by ${entry.test}) was not read by axe`,
  );
}

/** Throws, naming each page, when a page visited in the ledger was never read (the run's check at its end). */
export function assertEveryVisitedPageRead(entries: readonly LedgerEntry[]): void {
  const unread = unreadPages(entries);
  if (unread.length > 0) {
    throw new Error(
      `Pages visited and not read by axe in this run (check each where its journey shows it):\n${unread.join('\n')}`,
    );
  }
}

/**
 * What the run read and what it cost (the figures behind issue 25's time budget): the pages read, the checks and
 * their time, the pages read again after their journey, and the pages of the table (`pagePatterns`) no journey
 * reached, which this run therefore says nothing about.
 */
export function coverageSummary(
  entries: readonly LedgerEntry[],
  pagePatterns: readonly string[],
): string[] {
  const reads = entries.filter((entry) => entry.kind === 'read');
  const rereads = entries.filter((entry) => entry.kind === 'reread');
  const seconds = (list: LedgerEntry[]) =>
    (list.reduce((sum, entry) => sum + (entry.ms ?? 0), 0) / 1000).toFixed(1);
  const visited = new Set(
    entries.filter((entry) => entry.kind !== 'read').map((entry) => entry.pattern),
  );
  const unvisited = pagePatterns.filter(
    (pattern) => !visited.has(pattern) && !readPatterns(entries).has(pattern),
  );
  return [
    `axe coverage: ${readPatterns(entries).size} pages read in ${reads.length} checks (${seconds(reads)} s); ` +
      `${rereads.length} read again after their journey (${seconds(rereads)} s, load and read)` +
      (rereads.length > 0 ? `: ${rereads.map((entry) => entry.pattern).join(', ')}` : ''),
    `axe coverage: pages no journey reached: ${unvisited.length > 0 ? unvisited.join(', ') : 'none'}`,
  ];
}
