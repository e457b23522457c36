import { rename, writeFile } from 'node:fs/promises';
import { parseRuntimeLogEnv } from '@herald/runtime/config';
import { createLogger, ignoreBrokenStdio, writeToStdout, type Logger } from '@herald/runtime/log';
import { createLineBuffer } from '@herald/runtime/log-buffer';
import { createRotatingFile } from '@herald/runtime/log-file';
import { usePrivateUmask } from '@herald/runtime/private-files';

/**
 * The start every adapter process shares (docs/decisions/048, 051): a private umask before any file is made, a
 * broken stdout never fatal, JSON lines to HERALD_LOG_FILE (rotated like the runtime's log) or stdout, flushed at
 * exit; crashes logged then exit 1; the ready file written whole then renamed, LAST, once the process serves.
 */
export function startProcessLog(): Logger {
  usePrivateUmask();
  ignoreBrokenStdio();
  const logSettings = parseRuntimeLogEnv(process.env);
  if (!logSettings.ok) {
    process.stderr.write(`${logSettings.message}\n`);
    process.exit(1);
  }
  const { file, maxBytes, keep } = logSettings.config;
  const logFile = file === null ? null : createRotatingFile({ file, maxBytes, keep });
  const lines = createLineBuffer(
    logFile ? (batch) => logFile.writeLines(batch) : (batch) => writeToStdout(batch.join('')),
  );
  process.on('exit', () => lines.flush());
  return createLogger((line) => lines.write(line));
}

/** Logs the reason (never a value of the environment), says it on stderr too, and exits 1. */
export function exitWith(log: Logger, message: string): never {
  log.error(message);
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * An uncaught exception ends the process (its state is unknown); a stray rejection is logged only (mqtt.js and
 * the clients report through events: one stray promise is no reason to drop every value).
 */
export function handleCrashes(log: Logger): void {
  process.on('uncaughtException', (error) => {
    log.error('uncaught exception', { error: error.stack ?? String(error) });
    process.stderr.write(`${error.stack ?? String(error)}\n`);
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    log.warn('unhandled rejection', {
      error: reason instanceof Error ? (reason.stack ?? reason.message) : String(reason),
    });
  });
}

/** SIGTERM/SIGINT run `stop` once, then exit 0 (1 if it failed). */
export function stopOnSignals(log: Logger, stop: () => Promise<void>): void {
  let isStopping = false;
  const run = (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    log.info('stopping', { signal });
    stop().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error('stop failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => run('SIGTERM'));
  process.on('SIGINT', () => run('SIGINT'));
}

/** The ready file `{ pid, httpPort, mqttPort, version, startedAt }`: whole then renamed, the driver never reads half. */
export async function writeReadyFile(
  readyFile: string,
  info: { httpPort: number; mqttUrl: string; version: string },
): Promise<void> {
  const body = {
    pid: process.pid,
    httpPort: info.httpPort,
    mqttPort: Number(new URL(info.mqttUrl).port),
    version: info.version,
    startedAt: new Date().toISOString(),
  };
  await writeFile(`${readyFile}.tmp`, JSON.stringify(body));
  await rename(`${readyFile}.tmp`, readyFile);
}
