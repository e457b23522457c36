/**
 * A failure the operator can fix (bad configuration, a bad flags file, a locked data directory). server.ts prints
 * only its message and exits 1: a stack trace would bury the one line that says what to change.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
