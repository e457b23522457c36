import type { ChildProcess } from 'node:child_process';
import type { RuntimeEndpoint } from '../../provisioner';
import type { ExitReport, WorkloadRef } from '../driver';

/** The local driver's timings (the defaults are the production values, docs/decisions/014). */
export interface LocalDriverTimings {
  /** SIGTERM, then SIGKILL after this long. */
  stopGraceMs: number;
  /** A process that is not healthy this long after its spawn counts as failed to start. */
  readyTimeoutMs: number;
  /** /health polling of re-attached processes (not our children: no exit event). */
  attachedPollMs: number;
  /** This many failed polls in a row (or a dead pid at once) end a re-attached process. */
  attachedFailuresAllowed: number;
}

export const DEFAULT_LOCAL_DRIVER_TIMINGS: LocalDriverTimings = {
  stopGraceMs: 5_000,
  readyTimeoutMs: 30_000,
  attachedPollMs: 2_000,
  attachedFailuresAllowed: 3,
};

/** One workload's process as the local driver knows it. */
export interface LocalProcess {
  ref: WorkloadRef;
  /** A process we spawned (null when none or re-attached). */
  child: ChildProcess | null;
  /** Its pid, spawned or re-attached. */
  pid: number | null;
  endpoint: RuntimeEndpoint | null;
  /** Healthy once: from then on an exit is reported, not a failed start. */
  isReady: boolean;
  pollTimer: NodeJS.Timeout | null;
  /** Exits we caused are not reported. */
  stopping: boolean;
}

export type ExitListener = (workloadId: string, report: ExitReport) => void;

export function newLocalProcess(ref: WorkloadRef): LocalProcess {
  return {
    ref,
    child: null,
    pid: null,
    endpoint: null,
    isReady: false,
    pollTimer: null,
    stopping: false,
  };
}

/** Forgets the process (after it ended or was stopped). */
export function clearProcess(record: LocalProcess): void {
  if (record.pollTimer) clearInterval(record.pollTimer);
  record.pollTimer = null;
  record.child = null;
  record.pid = null;
  record.endpoint = null;
  record.isReady = false;
}
