import type { Server } from 'node:http';
import { createCallerAuth } from '@herald/adapter-kit/caller-auth';
import {
  exitWith,
  handleCrashes,
  startProcessLog,
  stopOnSignals,
  writeReadyFile,
} from '@herald/adapter-kit/process-start';
import { createRuntimeAdmin } from '@herald/adapter-kit/runtime-admin';
import { makeTreePrivate } from '@herald/runtime/private-files';
import { createConcurrencyLimiter } from './poll/concurrency-limiter';
import { createScheduler, type Scheduler } from './poll/scheduler';
import { startRestAdapterHttp } from './process/adapter-http';
import { parseRestAdapterEnv } from './process/process-env';
import { createRestMetrics } from './process/rest-metrics';
import { createStateFile } from './process/state-file';
import { createTopicPublisher, type TopicPublisher } from './process/topic-publisher';

/**
 * The REST adapter process (docs/decisions/051), one per service, started by the control plane's `rest-adapter`
 * kind with the variables of process/process-env.ts. Polls every endpoint of its APIs and publishes what changed to
 * the service's runtime; logs JSON lines in words to HERALD_LOG_FILE (never a secret, a header value or a query
 * value); serves REST_ADAPTER_PROCESS_PATHS on loopback; writes its ready file LAST, once it serves. SIGTERM/SIGINT
 * stop the polls, save the state file and disconnect. A bad environment exits 1 with the reason logged.
 */
const log = startProcessLog();
const parsed = parseRestAdapterEnv(process.env);
if (!parsed.ok) exitWith(log, parsed.message);
const env = parsed.env;
handleCrashes(log);

let scheduler: Scheduler | null = null;
let publisher: TopicPublisher | null = null;
let server: Server | null = null;
let saveState: () => Promise<void> = async () => {};
stopOnSignals(log, async () => {
  scheduler?.stop();
  await saveState();
  await publisher?.stop();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

try {
  makeTreePrivate(env.dataDir);
  log.info('starting', {
    adapter: env.adapterId,
    version: env.version,
    apis: env.config.apis.length,
    endpoints: env.config.apis.reduce((sum, api) => sum + api.endpoints.length, 0),
    allowedHosts: env.allowedHosts.length,
  });
  const admin = createRuntimeAdmin({ infoFile: env.runtimeInfoFile, token: env.mqttPassword });
  const topics = createTopicPublisher({
    mqttUrl: env.mqttUrl,
    username: env.mqttUsername,
    password: env.mqttPassword,
    clientId: `rest-adapter-${env.adapterId}`,
    admin,
    log,
  });
  publisher = topics;
  const metrics = createRestMetrics();
  let current: Scheduler | null = null;
  const stateFile = createStateFile(env.dataDir, () => current?.stored() ?? {}, log);
  saveState = () => stateFile.flush();
  current = createScheduler({
    config: env.config,
    stored: await stateFile.load(),
    limits: {
      allowedHosts: env.allowedHosts,
      timeoutMs: env.limits.timeoutMs,
      maxBodyBytes: env.limits.maxBodyBytes,
    },
    limiter: createConcurrencyLimiter({
      overall: env.limits.maxConnections,
      perHost: env.limits.maxConnectionsPerHost,
    }),
    publish: (topicPath, type, bytes) => topics.publish(topicPath, type, bytes),
    onPoll: (done) => metrics.record(done),
    changed: () => stateFile.changed(),
    log,
  });
  scheduler = current;
  server = await startRestAdapterHttp(
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
      scheduler: current,
      metrics,
      log,
    },
    env.httpPort,
  );
  current.start();
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
