import type { Server } from 'node:http';
import { createCallerAuth } from '@herald/adapter-kit/caller-auth';
import {
  exitWith,
  handleCrashes,
  startProcessLog,
  stopOnSignals,
  writeReadyFile,
} from '@herald/adapter-kit/process-start';
import { makeTreePrivate } from '@herald/runtime/private-files';
import { startAdapterHttp } from './process/adapter-http';
import { startAdapter, type RunningAdapter } from './process/adapter';
import { parseAdapterEnv } from './process/process-env';

/**
 * The Kafka adapter process (docs/decisions/048), one per adapter member, started by the control plane's adapter
 * kind with the HERALD_* variables of process/process-env.ts. Logs JSON lines to HERALD_LOG_FILE (rotated like the
 * runtime's log), serves /health, /identity, /state and /metrics on loopback, and writes its ready file
 * `{ pid, httpPort, mqttPort, version }` LAST, once it serves. SIGTERM/SIGINT stop consuming, wait briefly for the
 * runtime's acknowledgements, commit and disconnect. A bad configuration exits 1 with the reason logged (never a
 * secret: the configuration's passwords are never written anywhere).
 */
const log = startProcessLog();
const parsed = parseAdapterEnv(process.env);
if (!parsed.ok) exitWith(log, parsed.message);
const env = parsed.env;
handleCrashes(log);

let adapter: RunningAdapter | null = null;
let server: Server | null = null;
stopOnSignals(log, async () => {
  await adapter?.stop();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

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
  await writeReadyFile(env.readyFile, {
    httpPort: port,
    mqttUrl: env.mqttUrl,
    version: env.version,
  });
  log.info('ready', { httpPort: port });
} catch (error) {
  log.error('failed to start', { error: String(error) });
  process.exit(1);
}
