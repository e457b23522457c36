import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { service } from '../../db/schema';
import type { TokenSigner } from '../../modules/service-api/tokens';
import type { Provisioner, RuntimeEndpoint } from './provisioner';
import { identifyRuntime, isHealthy, resetTopics, setCredentialVersion } from './runtime-client';
import { resolveRuntimeCommand } from './runtime-command';
import { planRuntimeEnv, runtimeBaseEnv } from './runtime-env';

export interface LocalProvisionerOptions {
  db: Database;
  config: Config;
  logger: FastifyBaseLogger;
  tokens: TokenSigner;
  clock: () => Date;
  /** Called after each status write (tests record the transitions). */
  onStatus?: (serviceId: string, status: ServiceRuntimeStatus) => void;
  /**
   * The runtime's entry module (default: the compiled packages/runtime/dist/main.mjs, built when stale; a `.ts`
   * entry runs through tsx); tests may point at a stand-in.
   */
  runtimeEntry?: string;
  /** Supervision timings; the defaults are the production values. */
  timings?: Partial<ProvisionerTimings>;
  /** The metrics-only secret each runtime accepts for GET /metrics (a Prometheus server scrapes with it). */
  metricsToken?: string;
}

export interface ProvisionerTimings {
  /** Crash backoff: first delay, doubled per crash up to the maximum. */
  backoffInitialMs: number;
  backoffMaxMs: number;
  /** This many crashes within the window set status ERROR and stop the retries. */
  crashLimit: number;
  crashWindowMs: number;
  /** SIGTERM, then SIGKILL after this long. */
  stopGraceMs: number;
  /** A runtime that is not healthy this long after its spawn counts as crashed. */
  readyTimeoutMs: number;
  /** /health polling of re-attached runtimes (not our children: no exit event). */
  attachedPollMs: number;
  /** This many failed polls in a row (or a dead pid at once) count as a crash of a re-attached runtime. */
  attachedFailuresAllowed: number;
}

const DEFAULT_TIMINGS: ProvisionerTimings = {
  backoffInitialMs: 500,
  backoffMaxMs: 10_000,
  crashLimit: 5,
  crashWindowMs: 60_000,
  stopGraceMs: 5_000,
  readyTimeoutMs: 30_000,
  attachedPollMs: 2_000,
  attachedFailuresAllowed: 3,
};

/** The section 4 statuses this provisioner writes. */
export type ServiceRuntimeStatus =
  | 'SUSPENDED'
  | 'POD_PENDING'
  | 'POD_INITIALIZING'
  | 'POD_RUNNING_PENDING_DNS'
  | 'RUNNING'
  | 'ERROR';

/** The local provisioner adds what only it has: the recent runtime log lines of each service. */
export interface LocalProvisioner extends Provisioner {
  /**
   * The last lines (at most `count`, default 200) the service's runtime wrote, spawned or re-attached: its log file
   * (`runtime.log`, rotated by the runtime) followed by its raw output (`runtime.out`: what Node prints on a crash
   * or before the log opens).
   */
  recentLogs(serviceId: string, count?: number): Promise<string[]>;
  /** Calls `listener` after every status write; returns the unsubscribe function. */
  watchStatus(listener: StatusListener): () => void;
  /** Calls `listener` on what only the provisioner sees (a runtime's unexpected exit, a due version update). */
  watchEvents(listener: ProvisionerEventListener): () => void;
}

export type StatusListener = (serviceId: string, status: ServiceRuntimeStatus) => void;

/** What the service's event log says besides statuses (docs/decisions/022). */
export type ProvisionerEvent =
  | {
      type: 'runtime-exited';
      serviceId: string;
      code?: number | null;
      signal?: string | null;
      /** A re-attached runtime that stopped answering rather than exiting. */
      isUnresponsive?: boolean;
      /** The runtime did not get up (it exited during its start or never got healthy). */
      isStartFailure?: boolean;
      /** When the next start is tried; null when the crashes hit the limit (status ERROR). */
      restartInMs: number | null;
    }
  | { type: 'version-update'; serviceId: string; from: string; to: string };

export type ProvisionerEventListener = (event: ProvisionerEvent) => void;

/** What the runtime writes to `${HERALD_DATA_DIR}/runtime.json` once it is ready. */
interface RuntimeInfo {
  pid: number;
  mqttPort: number;
  httpPort: number;
  version: string;
  startedAt?: string;
}

/** The provisioner's own durable notes in the service's data dir (no extra columns). */
interface ControlFile {
  handledResetGeneration?: number;
  handledRestartGeneration?: number;
  /** The pid last spawned: a control plane that crashed mid-start finds (and stops) it. */
  pid?: number;
}

type ServiceRow = typeof service.$inferSelect;

interface Supervised {
  serviceId: string;
  /** A runtime we spawned (null when none or re-attached). */
  child: ChildProcess | null;
  /** The runtime's pid, spawned or re-attached. */
  pid: number | null;
  attached: boolean;
  /** Set once the runtime is healthy; registered (endpointOf answers) only when `registered`. */
  endpoint: RuntimeEndpoint | null;
  registered: boolean;
  /** The version and credential version the running process was started with / told. */
  version: string | null;
  credentialVersion: number | null;
  handledRestart: number | undefined;
  handledReset: number | undefined;
  crashes: number[];
  errored: boolean;
  queue: Promise<void>;
  queued: boolean;
  backoffTimer: NodeJS.Timeout | null;
  pollTimer: NodeJS.Timeout | null;
  /** Exits we caused are not crashes. */
  stopping: boolean;
}

const LOG_LINES_KEPT = 200;
const CONTROL_FILE = 'control-plane.json';
const RUNTIME_FILE = 'runtime.json';
/** The runtime's own log (it rotates it: `runtime.log.1` … ) and its raw stdout/stderr (replaced at each spawn). */
const RUNTIME_LOG_FILE = 'runtime.log';
const RUNTIME_OUTPUT_FILE = 'runtime.out';
/** Earlier spawns' output kept as runtime.out.1 (newest) … : the log collector finishes each one (by inode). */
const RUNTIME_OUTPUT_GENERATIONS = 3;
/** How much of the end of each file recentLogs reads. */
const LOG_TAIL_BYTES = 64 * 1024;
/** Row-less data dirs younger than this are left alone (see isOrphanDir). */
const ORPHAN_MIN_AGE_MS = 60_000;
/** setTimeout's maximum delay; a scheduled update further away re-arms on the way. */
const MAX_TIMER_MS = 2_147_483_647;

/** A control-plane token for the admin API of a service's runtime. */
export async function signControlPlaneToken(
  tokens: TokenSigner,
  row: { id: string; credentialVersion: number },
): Promise<string> {
  const { token } = await tokens.signServiceToken({
    serviceId: row.id,
    subject: 'control-plane',
    scope: 'read write',
    credentialVersion: row.credentialVersion,
    ttlSeconds: 300,
  });
  return token;
}

interface CatalogueTier {
  billingPlan: string;
  topicsCapacity?: number;
}

/** Why a runtime counts as crashed: its exit, or a start or poll that failed (reason). */
interface CrashReason {
  code?: number | null;
  signal?: string | null;
  reason?: string;
  reattachedPid?: number;
}

class RowGoneError extends Error {
  override message = 'the service row is gone';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a live pid is a runtime started for this service (its environment names it): pids are reused, so a pid
 * from a file is never signalled on its word alone. 'unknown' where /proc cannot tell (macOS, another user).
 */
async function runtimeProcessOf(
  pid: number,
  serviceId: string,
): Promise<'ours' | 'not-ours' | 'unknown'> {
  if (!isAlive(pid)) return 'not-ours';
  try {
    const environ = await readFile(`/proc/${pid}/environ`, 'utf8');
    return environ.split('\0').includes(`HERALD_SERVICE_ID=${serviceId}`) ? 'ours' : 'not-ours';
  } catch {
    return 'unknown';
  }
}

/** The last `count` lines of a file's last LOG_TAIL_BYTES ([] when it does not exist). */
async function tailLines(file: string, count: number): Promise<string[]> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return [];
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, LOG_TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    const lines = buffer.toString('utf8').split('\n');
    // A cut first line is a fragment, not a line.
    if (size > length) lines.shift();
    return lines.filter((line) => line.trim() !== '').slice(-count);
  } finally {
    await handle.close();
  }
}

/**
 * Each spawn writes a new runtime.out: the previous one is renamed (not truncated), so the log collector can finish
 * reading it — the last words of a crashed runtime are in it — and the oldest generation goes.
 */
async function moveOutputAside(dir: string): Promise<void> {
  const file = path.join(dir, RUNTIME_OUTPUT_FILE);
  for (let generation = RUNTIME_OUTPUT_GENERATIONS - 1; generation >= 1; generation -= 1) {
    await rename(`${file}.${generation}`, `${file}.${generation + 1}`).catch(() => undefined);
  }
  await rename(file, `${file}.1`).catch(() => undefined);
}

/** The parent pid from /proc (null where there is no /proc). */
async function parentPid(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ppid ...`; comm may contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return null;
  }
}

async function killPid(pid: number, graceMs: number): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      return;
    }
    const killDeadline = Date.now() + 2_000;
    while (isAlive(pid) && Date.now() < killDeadline) await sleep(25);
  }
}

function canBind(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export function createLocalProvisioner(options: LocalProvisionerOptions): LocalProvisioner {
  const { db, config, logger, tokens, clock } = options;
  const timings: ProvisionerTimings = { ...DEFAULT_TIMINGS, ...options.timings };
  const servicesDir = path.join(config.dataDir, 'services');
  const supervised = new Map<string, Supervised>();
  let closed = false;
  let scheduleTimer: NodeJS.Timeout | null = null;
  let portLock: Promise<unknown> = Promise.resolve();
  let catalogue: CatalogueTier[] | undefined;
  const statusListeners = new Set<StatusListener>();
  if (options.onStatus) statusListeners.add(options.onStatus);
  const eventListeners = new Set<ProvisionerEventListener>();

  function emit(event: ProvisionerEvent): void {
    for (const listener of eventListeners) {
      try {
        listener(event);
      } catch (error) {
        logger.warn(
          { err: error, serviceId: event.serviceId },
          'Provisioner event listener failed',
        );
      }
    }
  }

  const dataDirOf = (serviceId: string) => path.join(servicesDir, serviceId);

  function stateOf(serviceId: string): Supervised {
    let state = supervised.get(serviceId);
    if (!state) {
      state = {
        serviceId,
        child: null,
        pid: null,
        attached: false,
        endpoint: null,
        registered: false,
        version: null,
        credentialVersion: null,
        handledRestart: undefined,
        handledReset: undefined,
        crashes: [],
        errored: false,
        queue: Promise.resolve(),
        queued: false,
        backoffTimer: null,
        pollTimer: null,
        stopping: false,
      };
      supervised.set(serviceId, state);
    }
    return state;
  }

  function topicsCapacityOf(row: ServiceRow): number {
    if (!catalogue) {
      try {
        const parsed = JSON.parse(readFileSync(config.catalogueFile, 'utf8')) as {
          tiers?: CatalogueTier[];
        };
        catalogue = parsed.tiers ?? [];
      } catch (error) {
        logger.error({ err: error }, 'Provisioner: cannot read the catalogue');
        catalogue = [];
      }
    }
    const plan =
      row.billingPlan === 'freeTrial' ? (row.provisioningPlan ?? 'free') : row.billingPlan;
    const tier =
      catalogue.find((candidate) => candidate.billingPlan === plan) ??
      catalogue.find((candidate) => candidate.billingPlan === row.provisioningPlan);
    return tier?.topicsCapacity ?? catalogue[0]?.topicsCapacity ?? 1000;
  }

  async function readRow(serviceId: string): Promise<ServiceRow | undefined> {
    const [row] = await db.select().from(service).where(eq(service.id, serviceId)).limit(1);
    return row;
  }

  async function writeStatus(serviceId: string, status: ServiceRuntimeStatus): Promise<void> {
    if (closed) return;
    await db.update(service).set({ status, updatedAt: clock() }).where(eq(service.id, serviceId));
    for (const listener of statusListeners) listener(serviceId, status);
  }

  async function readControlFile(serviceId: string): Promise<ControlFile> {
    try {
      return JSON.parse(
        await readFile(path.join(dataDirOf(serviceId), CONTROL_FILE), 'utf8'),
      ) as ControlFile;
    } catch {
      return {};
    }
  }

  /** Atomic (write + rename): a crash leaves the old or the new file, never half of one. */
  async function updateControlFile(serviceId: string, patch: ControlFile): Promise<void> {
    const dir = dataDirOf(serviceId);
    await mkdir(dir, { recursive: true });
    const next = { ...(await readControlFile(serviceId)), ...patch };
    const file = path.join(dir, CONTROL_FILE);
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(next));
    await rename(temporary, file);
  }

  async function readRuntimeInfo(serviceId: string): Promise<RuntimeInfo | null> {
    try {
      const info = JSON.parse(
        await readFile(path.join(dataDirOf(serviceId), RUNTIME_FILE), 'utf8'),
      ) as RuntimeInfo;
      return typeof info.pid === 'number' && typeof info.httpPort === 'number' ? info : null;
    } catch {
      return null;
    }
  }

  // ---- ports -------------------------------------------------------------------------------------------------

  /** Lowest free port of the range not held by another row and bindable now; stored before the spawn. */
  function assignPort(serviceId: string): Promise<number> {
    const run = portLock.then(async () => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const used = new Set(
          (
            await db
              .select({ mqttPort: service.mqttPort })
              .from(service)
              .where(isNotNull(service.mqttPort))
          ).map((row) => row.mqttPort),
        );
        let chosen: number | undefined;
        for (let offset = 0; offset < config.servicePortCount; offset += 1) {
          const port = config.servicePortBase + offset;
          if (used.has(port)) continue;
          if (await canBind(port, config.host)) {
            chosen = port;
            break;
          }
        }
        if (chosen === undefined) {
          throw new Error(
            `No free MQTT port left in ${config.servicePortBase}-${config.servicePortBase + config.servicePortCount - 1}`,
          );
        }
        try {
          const updated = await db
            .update(service)
            .set({ mqttPort: chosen, updatedAt: clock() })
            .where(and(eq(service.id, serviceId), isNull(service.mqttPort)))
            .returning({ mqttPort: service.mqttPort });
          if (updated[0]?.mqttPort) return updated[0].mqttPort;
          const row = await readRow(serviceId);
          if (!row) throw new RowGoneError();
          if (row.mqttPort !== null) return row.mqttPort;
        } catch (error) {
          if (error instanceof RowGoneError) throw error;
          // Another control plane on the same database took the port first (unique index): choose again.
          logger.warn({ err: error, serviceId }, 'Provisioner: port assignment conflict; retrying');
        }
      }
      throw new Error('Could not assign an MQTT port');
    });
    portLock = run.catch(() => undefined);
    return run;
  }

  // ---- processes ---------------------------------------------------------------------------------------------

  /** See LocalProvisioner.recentLogs. */
  async function readRecentLogs(serviceId: string, count = LOG_LINES_KEPT): Promise<string[]> {
    const dir = dataDirOf(serviceId);
    const logged = await tailLines(path.join(dir, RUNTIME_LOG_FILE), count);
    const output = await tailLines(path.join(dir, RUNTIME_OUTPUT_FILE), count);
    return [...logged, ...output].slice(-count);
  }

  function unregister(state: Supervised): void {
    state.registered = false;
    state.endpoint = null;
  }

  function clearTimers(state: Supervised): void {
    if (state.backoffTimer) clearTimeout(state.backoffTimer);
    if (state.pollTimer) clearInterval(state.pollTimer);
    state.backoffTimer = null;
    state.pollTimer = null;
  }

  /** Stops the runtime (ours or re-attached): SIGTERM, SIGKILL after the grace period. */
  async function stopProcess(state: Supervised): Promise<void> {
    clearTimers(state);
    unregister(state);
    const { child, pid } = state;
    state.stopping = true;
    try {
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), timings.stopGraceMs);
        await exited;
        clearTimeout(timer);
      } else if (!child && pid !== null) {
        // Re-attached (proved ours then); a pid reused since it died is not ours to signal.
        if ((await runtimeProcessOf(pid, state.serviceId)) !== 'not-ours') {
          await killPid(pid, timings.stopGraceMs);
        }
      }
    } finally {
      state.child = null;
      state.pid = null;
      state.attached = false;
      state.version = null;
      state.credentialVersion = null;
      state.stopping = false;
    }
  }

  function hasProcess(state: Supervised): boolean {
    if (state.child) return state.child.exitCode === null && state.child.signalCode === null;
    return state.pid !== null && isAlive(state.pid);
  }

  /** An unexpected exit (or a re-attached runtime gone unhealthy): backoff restart or ERROR. */
  function onCrash(state: Supervised, reason: CrashReason): void {
    if (closed || state.stopping) return;
    clearTimers(state);
    unregister(state);
    state.child = null;
    state.pid = null;
    state.attached = false;
    const now = Date.now();
    state.crashes = state.crashes.filter((at) => now - at < timings.crashWindowMs);
    state.crashes.push(now);
    logger.warn(
      { serviceId: state.serviceId, ...reason, crashes: state.crashes.length },
      'Service runtime exited unexpectedly',
    );
    const exit = {
      type: 'runtime-exited' as const,
      serviceId: state.serviceId,
      ...(reason.code !== undefined && { code: reason.code }),
      ...(reason.signal !== undefined && { signal: reason.signal }),
      ...(reason.reason === 'not healthy' && { isUnresponsive: true }),
      // A start or a reconciliation that failed (no process exit seen).
      ...(reason.reattachedPid === undefined &&
        reason.code === undefined &&
        reason.signal === undefined && { isStartFailure: true }),
    };
    if (state.crashes.length >= timings.crashLimit) {
      emit({ ...exit, restartInMs: null });
      state.errored = true;
      void readRecentLogs(state.serviceId, 10).then((lastLines) =>
        logger.error(
          { serviceId: state.serviceId, lastLines },
          'Service runtime keeps crashing; status ERROR until the next restart request',
        ),
      );
      enqueue(state, () => writeStatus(state.serviceId, 'ERROR'));
      return;
    }
    const delay = Math.min(
      timings.backoffInitialMs * 2 ** (state.crashes.length - 1),
      timings.backoffMaxMs,
    );
    emit({ ...exit, restartInMs: delay });
    enqueue(state, () => writeStatus(state.serviceId, 'POD_INITIALIZING'));
    state.backoffTimer = setTimeout(() => {
      state.backoffTimer = null;
      schedule(state.serviceId, false);
    }, delay);
  }

  /**
   * Spawns the runtime and waits until it is healthy (runtime.json names it and /health answers).
   * Throws when it exits first, does not get ready in time, or the provisioner closes.
   */
  async function spawnRuntime(state: Supervised, row: ServiceRow): Promise<RuntimeEndpoint> {
    const dir = dataDirOf(row.id);
    await mkdir(dir, { recursive: true });
    await rm(path.join(dir, RUNTIME_FILE), { force: true });
    const jwks = await tokens.publicJwks();
    const command = await resolveRuntimeCommand(options.runtimeEntry, logger);
    if (closed) throw new Error('provisioner closed');
    // The runtime outlives a crash of this process (docs/decisions/014): its own session (a terminal's Ctrl-C or
    // hang-up reaches the control plane, which stops it gracefully), no pipe to us (a write to a pipe whose reader
    // died would fail), its log in its own rotated file and its raw output in a file of its data dir.
    await moveOutputAside(dir);
    const output = openSync(path.join(dir, RUNTIME_OUTPUT_FILE), 'w');
    let child: ChildProcess;
    try {
      child = spawn(process.execPath, command.args, {
        cwd: command.cwd,
        detached: true,
        stdio: ['ignore', output, output],
        env: {
          ...runtimeBaseEnv(process.env),
          HERALD_SERVICE_ID: row.id,
          HERALD_SERVICE_NAME: row.serviceName,
          HERALD_WORKSPACE_ID: row.workspaceId,
          HERALD_VERSION: row.heraldVersion,
          HERALD_DATA_DIR: dir,
          HERALD_HOST: config.host,
          HERALD_MQTT_PORT: String(row.mqttPort ?? 0),
          HERALD_HTTP_PORT: '0',
          HERALD_JWKS: JSON.stringify(jwks),
          HERALD_CREDENTIAL_VERSION: String(row.credentialVersion),
          HERALD_TOPICS_CAPACITY: String(topicsCapacityOf(row)),
          HERALD_LOG_FILE: path.join(dir, RUNTIME_LOG_FILE),
          ...planRuntimeEnv(row),
          ...(options.metricsToken ? { HERALD_METRICS_TOKEN: options.metricsToken } : {}),
        },
      });
    } finally {
      closeSync(output);
    }
    state.child = child;
    state.pid = child.pid ?? null;
    state.attached = false;
    state.version = row.heraldVersion;
    state.credentialVersion = row.credentialVersion;
    let exited = false;
    let spawnError: Error | undefined;
    let wake: (() => void) | undefined;
    child.once('error', (error) => {
      spawnError = error;
      exited = true;
      wake?.();
    });
    child.once('exit', (code, signal) => {
      exited = true;
      wake?.();
      // Only a healthy runtime's exit is a crash here; one during start fails the start (below).
      if (state.child === child && state.registered) onCrash(state, { code, signal });
    });
    if (child.pid) await updateControlFile(row.id, { pid: child.pid });

    const deadline = Date.now() + timings.readyTimeoutMs;
    for (;;) {
      if (exited) {
        state.child = null;
        state.pid = null;
        throw new Error(
          spawnError
            ? `runtime could not be started: ${spawnError.message}`
            : `runtime exited during start (code ${child.exitCode ?? child.signalCode}): ${(await readRecentLogs(row.id, 3)).join(' | ')}`,
        );
      }
      if (closed || Date.now() > deadline) {
        await stopProcess(state);
        throw new Error(closed ? 'provisioner closed' : 'runtime did not get ready in time');
      }
      const info = await readRuntimeInfo(row.id);
      if (info && info.pid === child.pid) {
        const endpoint = { httpPort: info.httpPort, mqttPort: info.mqttPort };
        if (await isHealthy(endpoint)) return endpoint;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 25);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  /**
   * Re-attaches a runtime a previous control plane started (it survives our crash, docs/decisions/014) when
   * runtime.json names a live process that proves to be this service's runtime: where /proc tells, the pid's
   * environment names the service, and the runtime on the recorded port accepts a token only this service accepts
   * and answers with the same service id and pid. A reused pid or port never passes, so it is neither adopted nor
   * (see stopLeftover) killed.
   */
  async function tryAttach(state: Supervised, row: ServiceRow): Promise<boolean> {
    const info = await readRuntimeInfo(row.id);
    if (!info || (await runtimeProcessOf(info.pid, row.id)) === 'not-ours') return false;
    const endpoint = { httpPort: info.httpPort, mqttPort: info.mqttPort };
    const identity = await identifyRuntime(endpoint, await signControlPlaneToken(tokens, row));
    if (identity?.serviceId !== row.id || identity.pid !== info.pid) {
      logger.info(
        { serviceId: row.id, pid: info.pid, answered: identity },
        'The runtime named in runtime.json is not this service’s: not re-attached',
      );
      return false;
    }
    state.child = null;
    state.pid = info.pid;
    state.attached = true;
    state.version = info.version;
    state.endpoint = endpoint;
    state.credentialVersion = null;
    watchAttached(state, info.pid, endpoint);
    logger.info({ serviceId: row.id, pid: info.pid }, 'Re-attached to a running service runtime');
    return true;
  }

  /**
   * A re-attached runtime is not our child (no exit event): poll its pid and /health. A dead pid is a crash at
   * once; a live one that fails attachedFailuresAllowed polls in a row (a long pause is not a death) is stopped —
   * only when it is provably ours — and counted as a crash, which restarts it.
   */
  function watchAttached(state: Supervised, pid: number, endpoint: RuntimeEndpoint): void {
    let failures = 0;
    let isPolling = false;
    state.pollTimer = setInterval(() => {
      if (isPolling) return;
      isPolling = true;
      void (async () => {
        if (state.pid !== pid || state.stopping) return;
        const isDead = !isAlive(pid);
        failures = !isDead && (await isHealthy(endpoint)) ? 0 : failures + 1;
        if (state.pid !== pid || state.stopping) return;
        if (!isDead && failures < timings.attachedFailuresAllowed) return;
        if (!isDead && (await runtimeProcessOf(pid, state.serviceId)) === 'ours') {
          await killPid(pid, 1_000);
        }
        onCrash(state, { reattachedPid: pid, reason: isDead ? 'exited' : 'not healthy' });
      })().finally(() => {
        isPolling = false;
      });
    }, timings.attachedPollMs);
    state.pollTimer.unref();
  }

  /** Stops a runtime a crashed control plane left behind (spawned, never re-attachable). */
  async function stopLeftover(serviceId: string): Promise<void> {
    const pids = new Set<number>();
    const control = await readControlFile(serviceId);
    if (control.pid) pids.add(control.pid);
    const info = await readRuntimeInfo(serviceId);
    if (info) pids.add(info.pid);
    for (const pid of pids) {
      if (pid === process.pid) continue;
      const owner = await runtimeProcessOf(pid, serviceId);
      if (owner === 'ours') {
        logger.info({ serviceId, pid }, 'Stopping a leftover service runtime');
        await killPid(pid, timings.stopGraceMs);
      } else if (owner === 'unknown') {
        logger.warn(
          { serviceId, pid },
          'A leftover pid cannot be proved to be this service’s runtime: left alone',
        );
      }
    }
  }

  /**
   * A row-less data dir is removed only when nothing else may own it: not touched for a while (another control
   * plane on the same DATA_DIR, e.g. parallel test apps, may be creating it right now) and no live runtime in it
   * that still has a parent (a runtime whose control plane crashed is re-parented to init).
   */
  async function isOrphanDir(serviceId: string): Promise<boolean> {
    const info = await stat(dataDirOf(serviceId)).catch(() => null);
    if (!info?.isDirectory() || Date.now() - info.mtimeMs < ORPHAN_MIN_AGE_MS) return false;
    const pids = [(await readControlFile(serviceId)).pid, (await readRuntimeInfo(serviceId))?.pid];
    for (const pid of pids) {
      if (pid === undefined || (await runtimeProcessOf(pid, serviceId)) === 'not-ours') continue;
      const parent = await parentPid(pid);
      if (parent !== null && parent !== 1 && isAlive(parent)) return false;
    }
    return true;
  }

  // ---- reconciliation ----------------------------------------------------------------------------------------

  async function pendingReset(state: Supervised, row: ServiceRow): Promise<boolean> {
    if (state.handledReset === undefined) {
      state.handledReset = (await readControlFile(row.id)).handledResetGeneration ?? 0;
    }
    return row.resetGeneration > state.handledReset;
  }

  async function applyReset(state: Supervised, row: ServiceRow, endpoint: RuntimeEndpoint) {
    const token = await signControlPlaneToken(tokens, row);
    const { removed } = await resetTopics(endpoint, token);
    await updateControlFile(row.id, { handledResetGeneration: row.resetGeneration });
    state.handledReset = row.resetGeneration;
    logger.info({ serviceId: row.id, removed }, 'Topic tree reset');
  }

  async function register(state: Supervised, row: ServiceRow, endpoint: RuntimeEndpoint) {
    await writeStatus(row.id, 'POD_RUNNING_PENDING_DNS');
    state.endpoint = endpoint;
    state.registered = true;
    await writeStatus(row.id, 'RUNNING');
  }

  /** Spawns fresh (after stopping any leftover) and brings the service to RUNNING. */
  async function startService(state: Supervised, row: ServiceRow, fromPending: boolean) {
    if (fromPending) await writeStatus(row.id, 'POD_PENDING');
    if (row.mqttPort === null) row.mqttPort = await assignPort(row.id);
    await stopLeftover(row.id);
    await writeStatus(row.id, 'POD_INITIALIZING');
    let endpoint: RuntimeEndpoint;
    try {
      endpoint = await spawnRuntime(state, row);
    } catch (error) {
      if (closed) return;
      logger.warn({ err: error, serviceId: row.id }, 'Service runtime failed to start');
      onCrash(state, { reason: (error as Error).message });
      return;
    }
    state.handledRestart = row.restartGeneration;
    await updateControlFile(row.id, { handledRestartGeneration: row.restartGeneration });
    if (await pendingReset(state, row)) await applyReset(state, row, endpoint);
    await register(state, row, endpoint);
    // A runtime that died between its health check and now.
    if (state.child && (state.child.exitCode !== null || state.child.signalCode !== null)) {
      onCrash(state, { code: state.child.exitCode });
    }
  }

  async function finishDeletion(state: Supervised | undefined, serviceId: string) {
    if (state) await stopProcess(state);
    await stopLeftover(serviceId);
    await rm(dataDirOf(serviceId), { recursive: true, force: true });
    await db.delete(service).where(eq(service.id, serviceId));
    supervised.delete(serviceId);
    logger.info({ serviceId }, 'Service deleted: runtime stopped, data removed');
  }

  async function applyScheduledUpdate(row: ServiceRow): Promise<void> {
    if (
      row.scheduledVersion === null ||
      row.scheduledTimestamp === null ||
      row.scheduledTimestamp > clock().getTime()
    ) {
      return;
    }
    // One update, conditional on the schedule still being the one read (the owner may cancel meanwhile). A running
    // service is restarting from here on: say so in the same update, so no reader sees the new version as RUNNING
    // before the new runtime is up.
    const status = row.desiredState === 'running' ? 'POD_INITIALIZING' : row.status;
    const updated = await db
      .update(service)
      .set({
        heraldVersion: row.scheduledVersion,
        status,
        scheduledVersion: null,
        scheduledTimestamp: null,
        updatedAt: clock(),
      })
      .where(
        and(
          eq(service.id, row.id),
          eq(service.scheduledVersion, row.scheduledVersion),
          eq(service.scheduledTimestamp, row.scheduledTimestamp),
        ),
      )
      .returning({ heraldVersion: service.heraldVersion });
    if (updated[0]) {
      logger.info(
        { serviceId: row.id, from: row.heraldVersion, to: row.scheduledVersion },
        'Scheduled version update due',
      );
      emit({
        type: 'version-update',
        serviceId: row.id,
        from: row.heraldVersion,
        to: row.scheduledVersion,
      });
      row.heraldVersion = row.scheduledVersion;
      row.status = status;
      row.scheduledVersion = null;
      row.scheduledTimestamp = null;
    }
  }

  async function reconcileNow(serviceId: string): Promise<void> {
    if (closed) return;
    const row = await readRow(serviceId);
    const state = supervised.get(serviceId);
    if (!row) {
      // Deleted behind our back: nothing may keep running for it.
      if (state) {
        await stopProcess(state);
        supervised.delete(serviceId);
      }
      return;
    }
    if (row.desiredState === 'deleted') {
      await finishDeletion(state, serviceId);
      return;
    }
    await applyScheduledUpdate(row);
    const current = stateOf(serviceId);
    if (row.desiredState === 'suspended') {
      if (hasProcess(current) || current.backoffTimer) await stopProcess(current);
      current.errored = false;
      current.crashes = [];
      if (row.status !== 'SUSPENDED') await writeStatus(serviceId, 'SUSPENDED');
      return;
    }
    if (current.errored) return;
    if (!hasProcess(current)) {
      if (current.backoffTimer) {
        clearTimeout(current.backoffTimer);
        current.backoffTimer = null;
      }
      const fresh = current.crashes.length === 0;
      await startService(current, row, fresh);
      return;
    }
    if (current.handledRestart === undefined) {
      current.handledRestart =
        (await readControlFile(serviceId)).handledRestartGeneration ?? row.restartGeneration;
    }
    if (row.restartGeneration > current.handledRestart || current.version !== row.heraldVersion) {
      logger.info(
        { serviceId, version: row.heraldVersion, restartGeneration: row.restartGeneration },
        'Restarting service runtime',
      );
      await writeStatus(serviceId, 'POD_INITIALIZING');
      await stopProcess(current);
      await startService(current, row, false);
      return;
    }
    if (!current.endpoint) return;
    if (await pendingReset(current, row)) {
      await writeStatus(serviceId, 'POD_INITIALIZING');
      const endpoint = current.endpoint;
      unregister(current);
      await applyReset(current, row, endpoint);
      await register(current, row, endpoint);
      return;
    }
    if (current.credentialVersion !== row.credentialVersion) {
      const token = await signControlPlaneToken(tokens, row);
      await setCredentialVersion(current.endpoint, token, row.credentialVersion);
      current.credentialVersion = row.credentialVersion;
    }
    if (!current.registered) {
      await register(current, row, current.endpoint);
    } else if (row.status !== 'RUNNING') {
      await writeStatus(serviceId, 'RUNNING');
    }
  }

  function enqueue(state: Supervised, work: () => Promise<void>): Promise<void> {
    state.queue = state.queue.then(work).catch((error: unknown) => {
      logger.error({ err: error, serviceId: state.serviceId }, 'Provisioner operation failed');
    });
    return state.queue;
  }

  /** Queues one reconciliation (coalesced: one waiting is enough, it reads the newest row). */
  function schedule(serviceId: string, requested: boolean): Promise<void> {
    const state = stateOf(serviceId);
    if (requested && state.errored) {
      state.errored = false;
      state.crashes = [];
    }
    if (state.queued) return state.queue;
    state.queued = true;
    return enqueue(state, async () => {
      state.queued = false;
      try {
        await reconcileNow(serviceId);
      } catch (error) {
        logger.error({ err: error, serviceId }, 'Reconciling the service failed');
        if (!closed && supervised.has(serviceId)) {
          // A runtime that is up but could not be brought in line (e.g. its admin API failed a reset) is ERROR
          // until the next request retries; one that is not up is retried like a crash (and ends in ERROR).
          if (hasProcess(state)) await writeStatus(serviceId, 'ERROR').catch(() => undefined);
          else if (!state.backoffTimer && !state.errored) {
            onCrash(state, { reason: (error as Error).message });
          }
        }
      }
      armScheduler();
    });
  }

  /** One timer for the nearest scheduled version update (all of it lives in the rows: resumable). */
  function armScheduler(): void {
    if (closed) return;
    void (async () => {
      const [next] = await db
        .select({ id: service.id, at: service.scheduledTimestamp })
        .from(service)
        .where(and(isNotNull(service.scheduledVersion), isNotNull(service.scheduledTimestamp)))
        .orderBy(asc(service.scheduledTimestamp))
        .limit(1);
      if (scheduleTimer) clearTimeout(scheduleTimer);
      scheduleTimer = null;
      if (!next || next.at === null || closed) return;
      const delay = Math.max(0, Math.min(next.at - clock().getTime(), MAX_TIMER_MS));
      scheduleTimer = setTimeout(() => {
        scheduleTimer = null;
        void schedule(next.id, false);
      }, delay);
      scheduleTimer.unref();
    })().catch((error: unknown) => logger.error({ err: error }, 'Arming the scheduler failed'));
  }

  async function startAll(): Promise<void> {
    const rows = await db.select().from(service);
    const known = new Set(rows.map((row) => row.id));
    // Data dirs without a row: a deletion that removed the row but not (all of) the files, or debris.
    const entries = await readdir(servicesDir).catch(() => [] as string[]);
    for (const entry of entries) {
      if (known.has(entry) || !(await isOrphanDir(entry))) continue;
      await stopLeftover(entry).catch(() => undefined);
      await rm(dataDirOf(entry), { recursive: true, force: true });
      logger.info({ serviceId: entry }, 'Removed the data of a service that no longer exists');
    }
    for (const row of rows) {
      if (closed) return;
      const state = stateOf(row.id);
      if (row.desiredState === 'running' && !hasProcess(state)) {
        await enqueue(state, async () => {
          if (!hasProcess(state) && (await tryAttach(state, row))) {
            const control = await readControlFile(row.id);
            state.handledRestart = control.handledRestartGeneration ?? row.restartGeneration;
          }
        });
      }
      void schedule(row.id, false);
    }
    armScheduler();
  }

  return {
    async start() {
      await startAll().catch((error: unknown) => {
        logger.error({ err: error }, 'Provisioner start failed');
      });
    },
    reconcile(serviceId) {
      void schedule(serviceId, true);
    },
    endpointOf(serviceId) {
      const state = supervised.get(serviceId);
      return state?.registered && state.endpoint ? { ...state.endpoint } : null;
    },
    watchStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    watchEvents(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    recentLogs(serviceId, count) {
      return readRecentLogs(serviceId, count);
    },
    async close() {
      closed = true;
      if (scheduleTimer) clearTimeout(scheduleTimer);
      scheduleTimer = null;
      const states = [...supervised.values()];
      for (const state of states) clearTimers(state);
      await Promise.all(states.map((state) => stopProcess(state).catch(() => undefined)));
      // Operations in flight see `closed` and stop what they spawned; wait for them, then sweep once more.
      await Promise.all(states.map((state) => state.queue));
      await Promise.all(
        states.filter(hasProcess).map((state) => stopProcess(state).catch(() => undefined)),
      );
    },
  };
}
