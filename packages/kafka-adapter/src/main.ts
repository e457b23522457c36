import { rename, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { parseRuntimeLogEnv } from '@herald/runtime/config';
import { createLogger, ignoreBrokenStdio, writeToStdout } from '@herald/runtime/log';
import { createLineBuffer } from '@herald/runtime/log-buffer';
import { createRotatingFile } from '@herald/runtime/log-file';
import { makeTreePrivate, usePrivateUmask } from '@herald/runtime/private-files';
import { startAdapterHttp } from './process/adapter-http';
import { startAdapter, type RunningAdapter } from './process/adapter';
import { createCallerAuth } from './process/caller-auth';
import { parseAdapterEnv } from './process/process-env';

/**
 * The Kafka adapter process (docs/decisions/048), one per adapter member, started by the control plane's adapter
 * kind with the HERALD_* variables of process/process-env.ts. Logs JSON lines to HERALD_LOG_FILE (rotated like the
 * runtime's log), serves /health, /identity, /state and /metrics on loopback, and writes its ready file
 * `{ pid, httpPort, mqttPort, version }` LAST, once it serves. SIGTERM/SIGINT stop consuming, wait briefly for the
 * runtime's acknowledgements, commit and disconnect. A bad configuration exits 1 with the reason logged (never a
 * secret: the configuration's passwords are never written anywhere).
 */
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
const log = createLogger((line) => lines.write(line));

const parsed = parseAdapterEnv(process.env);
if (!parsed.ok) {
  log.error(parsed.message);
  process.stderr.write(`${parsed.message}\n`);
  process.exit(1);
}
const env = parsed.env;

process.on('uncaughtException', (error) => {
  log.error('uncaught exception', { error: error.stack ?? String(error) });
  process.stderr.write(`${error.stack ?? String(error)}\n`);
  process.exit(1);
});
process.on('unhandledRejection', (reason) => {
  // kafkajs and mqtt.js report through events; a stray rejection is logged, not a reason to drop every record.
  log.warn('unhandled rejection', {
    error: reason instanceof Error ? (reason.stack ?? reason.message) : String(reason),
  });
});

let adapter: RunningAdapter | null = null;
let server: Server | null = null;
let isStopping = false;

function stop(signal: string): void {
  if (isStopping) return;
  isStopping = true;
  log.info('stopping', { signal });
  const work = async () => {
    await adapter?.stop();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  };
  work().then(
    () => {
      log.info('stopped');
      process.exit(0);
    },
    (error: unknown) => {
      log.error('stop failed', { error: String(error) });
      process.exit(1);
    },
  );
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

try {
  makeTreePrivate(env.dataDir);
  log.info('starting', {
    adapter: env.adapterId,
    member: env.config.member,
    version: env.version,
    subscribers: env.config.services.filter((s) => s.type === 'SUBSCRIPTION_SERVICE').length,
    publishers: env.config.services.filter((s) => s.type === 'PUBLISHING_SERVICE').length,
  });
  adapter = await startAdapter(env, log);
  const running = adapter;
  server = await startAdapterHttp(
    {
      workloadId: env.workloadId,
      adapterId: env.adapterId,
      auth: createCallerAuth({
        serviceId: env.serviceId,
        subject: env.mqttUsername,
        ownToken: env.mqttPassword,
        jwks: env.jwks,
        metricsToken: env.metricsToken,
      }),
      state: () => running.state(),
      log,
    },
    env.httpPort,
  );
  const { port } = server.address() as { port: number };
  const mqttPort = Number(new URL(env.mqttUrl).port);
  const info = {
    pid: process.pid,
    httpPort: port,
    mqttPort,
    version: env.version,
    startedAt: new Date().toISOString(),
  };
  // Written whole then renamed: the driver never reads half a file.
  await writeFile(`${env.readyFile}.tmp`, JSON.stringify(info));
  await rename(`${env.readyFile}.tmp`, env.readyFile);
  log.info('ready', { httpPort: port });
  if (isStopping) stop('SIGTERM');
} catch (error) {
  log.error('failed to start', { error: String(error) });
  process.exit(1);
}
