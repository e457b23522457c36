import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestRuntime, TestSigner } from '@herald/adapter-kit/testing/test-runtime';
import {
  REST_ADAPTER_FILE_STEM,
  restAdapterProcessStateSchema,
  restPollResultSchema,
  type RestAdapterProcessConfig,
  type RestAdapterProcessState,
  type RestPollResult,
  type RestPreviewRequest,
} from '@herald/contract/rest-adapters/rest-adapter-process';
import { ADAPTER_BUNDLE, ensureAdapterBundle } from '../build/adapter-bundle';

/**
 * Starts the REST adapter process (its bundle, rebuilt first when stale) as the control plane's `rest-adapter` kind
 * does: the common HERALD_* of createAdapterKind, HERALD_RUNTIME_INFO_FILE, HERALD_JWKS, the settings in
 * HERALD_REST_ADAPTER_CONFIG; it logs to `rest-adapter.log` in its data folder. Resolves once its ready file is
 * written (it serves then). For this package's tests, the server's and the lead's; the runtime is one the test
 * started (adapter-kit's test-runtime).
 */
const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const started = new Set<ChildProcess>();

export function killSpawnedRestAdapters(): void {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  started.clear();
}

export interface SpawnedRestAdapter {
  child: ChildProcess;
  httpPort: number;
  token: string;
  dataDir: string;
  logFile: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The log file's text so far. */
  log(): Promise<string>;
  /** A request to one of its endpoints with its own token (or the one given, null: none). */
  request(
    path: string,
    init?: { method?: string; body?: unknown; token?: string | null },
  ): Promise<Response>;
  state(): Promise<RestAdapterProcessState>;
  pollNow(apiId: string, endpointId: string): Promise<RestPollResult>;
  preview(body: RestPreviewRequest): Promise<RestPollResult>;
  /** SIGTERM, and the exit. */
  stop(): Promise<void>;
}

export async function spawnRestAdapter(options: {
  runtime: TestRuntime;
  signer: TestSigner;
  serviceId: string;
  config: RestAdapterProcessConfig;
  /** REST_ADAPTER_ALLOWED_HOSTS. */
  allowedHosts?: string;
  /** Reuse a data folder (a restart keeps its state file there). */
  dataDir?: string;
  extraEnv?: Record<string, string>;
  /** Node's flags before the bundle (a bench's --cpu-prof). */
  nodeFlags?: string[];
}): Promise<SpawnedRestAdapter> {
  const { config, runtime, signer } = options;
  await ensureAdapterBundle();
  const subject = `rest-adapter:${config.adapterId}`;
  const token = await signer.token(subject, { serviceId: options.serviceId, scope: 'adapter' });
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'herald-rest-adapter-')));
  const readyFile = join(dataDir, `${REST_ADAPTER_FILE_STEM}.json`);
  const logFile = join(dataDir, `${REST_ADAPTER_FILE_STEM}.log`);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HERALD_WORKLOAD_ID: `${options.serviceId}.rest-adapter`,
    HERALD_SERVICE_ID: options.serviceId,
    HERALD_ADAPTER_ID: config.adapterId,
    HERALD_VERSION: '6.11.0',
    HERALD_DATA_DIR: dataDir,
    HERALD_READY_FILE: readyFile,
    HERALD_LOG_FILE: logFile,
    HERALD_MQTT_URL: `mqtt://127.0.0.1:${runtime.mqttPort}`,
    HERALD_MQTT_USERNAME: subject,
    HERALD_MQTT_PASSWORD: token,
    HERALD_REST_ADAPTER_CONFIG: JSON.stringify(config),
    HERALD_RUNTIME_INFO_FILE: runtime.infoFile,
    HERALD_JWKS: JSON.stringify(signer.jwks),
    ...(options.allowedHosts === undefined
      ? {}
      : { REST_ADAPTER_ALLOWED_HOSTS: options.allowedHosts }),
    ...options.extraEnv,
  };
  const startedAt = Date.now();
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ADAPTER_BUNDLE], {
    cwd: PACKAGE_DIR,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  started.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone: string | null = null;
  void exited.then(({ code, signal }) => (gone = `exited with ${code ?? signal}`));
  const readLog = () => readFile(logFile, 'utf8').catch(() => '');
  // The ready file of THIS start (a restart on the same folder finds the last one until it is replaced).
  let httpPort = 0;
  for (;;) {
    if (gone !== null)
      throw new Error(`REST adapter ${gone} before ready: ${stderr}${await readLog()}`);
    const ready = await readFile(readyFile, 'utf8').then(
      (text) => JSON.parse(text) as { pid: number; httpPort: number; startedAt: string },
      () => null,
    );
    if (
      ready !== null &&
      ready.pid === child.pid &&
      Date.parse(ready.startedAt) >= startedAt - 1_000
    ) {
      httpPort = ready.httpPort;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const request: SpawnedRestAdapter['request'] = (path, init = {}) => {
    const bearer = init.token === undefined ? token : init.token;
    return fetch(`http://127.0.0.1:${httpPort}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  };
  const json = async (response: Response) => {
    if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  return {
    child,
    httpPort,
    token,
    dataDir,
    logFile,
    exited,
    log: readLog,
    request,
    state: async () => restAdapterProcessStateSchema.parse(await json(await request('/state'))),
    pollNow: async (apiId, endpointId) =>
      restPollResultSchema.parse(
        await json(await request('/poll', { body: { apiId, endpointId } })),
      ),
    preview: async (body) =>
      restPollResultSchema.parse(await json(await request('/preview', { body }))),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
