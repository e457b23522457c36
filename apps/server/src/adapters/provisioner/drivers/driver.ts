import type { RuntimeEndpoint } from '../provisioner';

/**
 * The driver contract (docs/decisions/042): a driver runs processes (locally: detached child processes; later:
 * pods) and knows nothing of services. The reconcile loop knows services and asks a driver to start, stop, observe
 * and re-attach workloads by their reference. Nothing here is a pid: what a driver observes is a state and an
 * endpoint, so a Kubernetes driver fits the same calls.
 */
export interface WorkloadRef {
  /** Unique among all workloads: a runtime's is its service id, an adapter's `{serviceId}.{kind}-{adapterId}`. */
  id: string;
  /** The workloads of one service share a group: locally the folder `services/{group}`, removed as a whole. */
  group: string;
  files: WorkloadFiles;
  /** An environment entry (`NAME=value`) only this workload's processes have: a pid is never signalled without it. */
  marker: string;
}

/** The workload's files in its group's folder. */
export interface WorkloadFiles {
  /** Written and rotated by the process itself (`runtime.log`, `kafka-adapter-{id}.log`, `rest-adapter.log`). */
  log: string;
  /** Its raw stdout and stderr, replaced at each start (earlier generations kept for the log collector). */
  output: string;
  /** What the process writes once it is ready: `{ pid, httpPort, mqttPort, version }`. */
  info: string;
  /** The control plane's durable notes on it (see WorkloadNotes). */
  notes: string;
}

/** What a started process is: its command, environment and version. */
export interface LaunchSpec {
  ref: WorkloadRef;
  command: { args: string[]; cwd: string };
  env: Record<string, string>;
  version: string;
}

/** The loop's durable notes on a workload, kept by the driver beside it (no extra database columns). */
export interface WorkloadNotes {
  handledResetGeneration?: number;
  handledRestartGeneration?: number;
}

/** How a workload ended without being asked to (its exit, or an attached one that stopped answering). */
export interface ExitReport {
  code?: number | null;
  signal?: string | null;
  /** Re-attached (not started by this driver): its end was seen by polling. */
  attached?: boolean;
  /** Alive but no longer healthy: stopped by the driver (when provably its) and reported. */
  unresponsive?: boolean;
}

/** What the driver sees of a workload now. */
export type Observation =
  { state: 'running' } | { state: 'exited'; exit: ExitReport } | { state: 'absent' };

/** Whether the process answering at an endpoint is the workload's own (a pid or port may be reused). */
export type IdentityProof = (endpoint: RuntimeEndpoint, pid: number) => Promise<boolean>;

export interface WorkloadDriver {
  /** Starts it and resolves once it is healthy; throws when it ends first, is not ready in time, or on close(). */
  start(spec: LaunchSpec): Promise<RuntimeEndpoint>;
  /** Stops it (started or attached): a graceful stop, forced after the grace period. */
  stop(ref: WorkloadRef): Promise<void>;
  observe(ref: WorkloadRef): Observation;
  /** Adopts a workload a previous control plane started, when it proves to be this one; supervises it from then. */
  attach(
    ref: WorkloadRef,
    proof: IdentityProof,
  ): Promise<{ endpoint: RuntimeEndpoint; version: string } | null>;
  /** Stops what a crashed control plane left of it and could not re-attach (only what provably is its). */
  stopLeftover(ref: WorkloadRef): Promise<void>;
  /** Called when a healthy or attached workload ends unasked (never for a stop it was asked for). */
  onExit(listener: (workloadId: string, report: ExitReport) => void): void;
  /** Removes a group's data (a deleted service), after its workloads are stopped. */
  removeGroup(group: string): Promise<void>;
  /**
   * Removes the groups not in `known` (a deletion cut short, debris) with what runs in them (`refsOf` names the
   * workloads a group may hold), sparing what another control plane may be using.
   */
  sweepGroups(
    known: ReadonlySet<string>,
    refsOf: (group: string) => readonly WorkloadRef[],
  ): Promise<void>;
  readNotes(ref: WorkloadRef): Promise<WorkloadNotes>;
  writeNotes(ref: WorkloadRef, patch: WorkloadNotes): Promise<void>;
  /** Where its logs are, newest last: the log collector's and recentLogs' sources. */
  logsLocation(ref: WorkloadRef): string[];
  /** The last lines (at most `count`) of its log files. */
  recentLogs(ref: WorkloadRef, count: number): Promise<string[]>;
  /** Refuses new starts and stops polling; starts in flight stop what they started. */
  close(): void;
}
