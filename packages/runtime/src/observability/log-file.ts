import { closeSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export interface RotatingFileOptions {
  /** The current log file; older ones are `<file>.1` (newest) … `<file>.<keep>`. */
  file: string;
  /** A line that would take the current file past this size starts a new file first. */
  maxBytes: number;
  /** How many rotated files are kept beside the current one. */
  keep: number;
}

export interface RotatingFile {
  write(line: string): void;
  /** Appends lines in as few writes as rotation allows (one, unless the file fills up on the way). */
  writeLines(lines: readonly string[]): void;
  close(): void;
}

/**
 * A log file the runtime owns, rotated by size. The runtime must keep serving when the control plane that started
 * it is gone, so its log may not depend on a pipe to that process (docs/decisions/014). Writes are synchronous
 * appends to a local file: what is handed over is on disk before the broker goes on, and nothing here waits on
 * another process. The process hands over the lines of each event-loop turn together and flushes them on exit
 * (log-buffer.ts), so only a kill can lose the lines of the turn it interrupts. A failed write (disk full, file removed) is dropped: logging never stops the broker.
 */
export function createRotatingFile(options: RotatingFileOptions): RotatingFile {
  const { file, maxBytes, keep } = options;
  let fd: number | null = null;
  let size = 0;

  function open(): number | null {
    try {
      mkdirSync(dirname(file), { recursive: true });
      const opened = openSync(file, 'a');
      size = fstatSync(opened).size;
      return opened;
    } catch {
      return null;
    }
  }

  function rotate(): void {
    if (fd !== null) closeSync(fd);
    fd = null;
    try {
      rmSync(`${file}.${keep}`, { force: true });
      for (let index = keep - 1; index >= 1; index -= 1) {
        try {
          renameSync(`${file}.${index}`, `${file}.${index + 1}`);
        } catch {
          // that generation does not exist yet
        }
      }
      if (keep >= 1) renameSync(file, `${file}.1`);
      else rmSync(file, { force: true });
    } catch {
      // a rename failed: keep appending to whatever is there
    }
  }

  /** Appends text of `bytes` bytes; a failed write is dropped (see above) and the next one reopens the file. */
  function append(text: string, bytes: number): void {
    fd ??= open();
    if (fd === null) return;
    try {
      writeSync(fd, text);
      size += bytes;
    } catch {
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
      fd = null;
    }
  }

  function writeLines(lines: readonly string[]): void {
    fd ??= open();
    let chunk = '';
    let chunkBytes = 0;
    for (const line of lines) {
      const bytes = Buffer.byteLength(line);
      // A line that would take the file past its size starts a new file first (what is gathered goes before).
      if (fd !== null && size + chunkBytes > 0 && size + chunkBytes + bytes > maxBytes) {
        if (chunkBytes > 0) append(chunk, chunkBytes);
        chunk = '';
        chunkBytes = 0;
        if (fd !== null && size > 0) {
          rotate();
          fd = open();
        }
      }
      chunk += line;
      chunkBytes += bytes;
    }
    if (chunkBytes > 0) append(chunk, chunkBytes);
  }

  return {
    write(line) {
      writeLines([line]);
    },
    writeLines,
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
