/** JSON lines `{"time","level","msg",...}` (a rotated file or stdout). Never pass tokens or passwords in the fields. */
export type LogLevel = 'info' | 'warn' | 'error';

export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/**
 * Writes to stdout unless told otherwise. Standard output may be a pipe whose reader is gone: the write error
 * (EPIPE) is swallowed, so a dead reader can never stop the broker.
 */
export function writeToStdout(line: string): void {
  try {
    process.stdout.write(line);
  } catch {
    // a synchronous stdout (file, terminal) that failed: the line is lost, the broker goes on
  }
}

export function createLogger(write: (line: string) => void = writeToStdout): Logger {
  const log = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
  };
  return {
    info: (msg, fields) => log('info', msg, fields),
    warn: (msg, fields) => log('warn', msg, fields),
    error: (msg, fields) => log('error', msg, fields),
  };
}

/** Asynchronous write errors of stdout and stderr (EPIPE once a pipe's reader died) are not crashes. */
export function ignoreBrokenStdio(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
