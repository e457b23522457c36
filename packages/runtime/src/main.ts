import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseRuntimeEnv, parseRuntimeLogEnv } from './process/config';
import { createLogger, ignoreBrokenStdio, writeToStdout } from './observability/log';
import { createLineBuffer } from './observability/log-buffer';
import { createRotatingFile } from './observability/log-file';
import { startRuntime, type RunningRuntime } from './runtime';
import { makeTreePrivate, usePrivateUmask } from './process/private-files';

/**
 * The process the control plane spawns: `node --import tsx packages/runtime/src/main.ts` with the HERALD_*
 * variables (see README.md). Writes `${HERALD_DATA_DIR}/runtime.json` and logs `"msg":"ready"` once both listeners
 * are up; SIGTERM/SIGINT close everything, write the state and exit 0.
 *
 * It outlives the control plane that started it (docs/decisions/014): nothing here watches the parent, the log
 * goes to HERALD_LOG_FILE (rotated) when set, and a broken stdout or stderr is never a reason to stop.
 */
// First of all: the state, its log and the runtime's own log are this user's only (process/private-files.ts).
usePrivateUmask();
ignoreBrokenStdio();
const logSettings = parseRuntimeLogEnv(process.env);
if (!logSettings.ok) {
  process.stderr.write(`${logSettings.message}\n`);
  process.exit(1);
}
const { file, maxBytes, keep } = logSettings.config;
const logFile = file === null ? null : createRotatingFile({ file, maxBytes, keep });
// Lines are written once per event-loop turn (observability/log-buffer.ts); every exit path (a signal's clean stop, a logged crash,
// process.exit after a failed start) flushes them first.
const lines = createLineBuffer(
  logFile ? (batch) => logFile.writeLines(batch) : (batch) => writeToStdout(batch.join('')),
);
process.on('exit', () => lines.flush());
const logger = createLogger((line) => lines.write(line));
const parsed = parseRuntimeEnv(process.env);
if (!parsed.ok) {
  logger.error(parsed.message);
  process.stderr.write(`${parsed.message}\n`);
  process.exit(1);
}
const config = parsed.config;

// A crash is written to the log file too (stderr may go nowhere), then the process exits as Node would.
process.on('uncaughtException', (error) => {
  logger.error('uncaught exception', { error: error.stack ?? String(error) });
  process.stderr.write(`${error.stack ?? String(error)}\n`);
  process.exit(1);
});

// Signal handlers go in first: without a listener the kernel's default action kills the process at once, so a
// SIGTERM sent right after "ready" would skip writing the state. A signal during start-up stops once started.
let runtime: RunningRuntime | null = null;
let stopSignal: string | null = null;
let isStopping = false;

function stop(signal: string): void {
  stopSignal = signal;
  if (runtime === null || isStopping) return;
  isStopping = true;
  logger.info('stopping', { signal });
  runtime.close().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error('stop failed', { error: String(error) });
      process.exit(1);
    },
  );
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

try {
  makeTreePrivate(config.dataDir);
  runtime = await startRuntime(config, { logger });
  const info = {
    pid: process.pid,
    mqttPort: runtime.mqttPort,
    httpPort: runtime.httpPort,
    version: config.version,
    startedAt: new Date().toISOString(),
  };
  const target = join(config.dataDir, 'runtime.json');
  await writeFile(`${target}.tmp`, JSON.stringify(info));
  await rename(`${target}.tmp`, target);
  logger.info('ready', { ...info, serviceId: config.serviceId, host: config.host });
  if (stopSignal !== null) stop(stopSignal);
} catch (error) {
  logger.error('runtime failed to start', { error: String(error) });
  process.exit(1);
}
