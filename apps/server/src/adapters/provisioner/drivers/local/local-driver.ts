import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { WorkloadDriver, WorkloadRef } from '../driver';
import { attachProcess, isOrphanGroup, stopLeftover } from './attach-process';
import { DEFAULT_LOCAL_DRIVER_TIMINGS, clearProcess, newLocalProcess } from './local-process';
import type { ExitListener, LocalDriverTimings, LocalProcess } from './local-process';
import { killPid, ownerOf, isAlive } from './process-tools';
import { spawnProcess } from './spawn-process';
import { createWorkloadFiles } from './workload-files';

export interface LocalDriverOptions {
  /** `DATA_DIR`: each group's folder is `services/{group}`. */
  dataDir: string;
  logger: FastifyBaseLogger;
  timings?: Partial<LocalDriverTimings>;
}

/**
 * The local process driver (docs/decisions/014, 042): each workload a detached child process on this machine, its
 * files in its group's folder, supervised through its exit event (spawned) or by polling (re-attached after a
 * control-plane crash). It knows processes, not services.
 */
export function createLocalDriver(options: LocalDriverOptions): WorkloadDriver {
  const { logger } = options;
  const timings: LocalDriverTimings = { ...DEFAULT_LOCAL_DRIVER_TIMINGS, ...options.timings };
  const files = createWorkloadFiles(path.join(options.dataDir, 'services'));
  const processes = new Map<string, LocalProcess>();
  const listeners = new Set<ExitListener>();
  let closed = false;

  const reportExit: ExitListener = (workloadId, report) => {
    for (const listener of listeners) listener(workloadId, report);
  };
  const context = { files, timings, logger, reportExit };

  function recordOf(ref: WorkloadRef): LocalProcess {
    let record = processes.get(ref.id);
    if (!record) {
      record = newLocalProcess(ref);
      processes.set(ref.id, record);
    }
    return record;
  }

  /** SIGTERM, SIGKILL after the grace period; a re-attached pid only while it still proves to be ours. */
  async function stopRecord(record: LocalProcess): Promise<void> {
    if (record.pollTimer) clearInterval(record.pollTimer);
    record.pollTimer = null;
    const { child, pid } = record;
    record.stopping = true;
    try {
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), timings.stopGraceMs);
        await exited;
        clearTimeout(timer);
      } else if (!child && pid !== null) {
        if ((await ownerOf(pid, record.ref.marker)) !== 'not-ours') {
          await killPid(pid, timings.stopGraceMs);
        }
      }
    } finally {
      clearProcess(record);
      record.stopping = false;
    }
  }

  return {
    async start(spec) {
      const record = recordOf(spec.ref);
      record.ref = spec.ref;
      return spawnProcess({ ...context, isClosed: () => closed, stop: stopRecord }, record, spec);
    },
    async stop(ref) {
      const record = processes.get(ref.id);
      if (record) await stopRecord(record);
    },
    observe(ref) {
      const record = processes.get(ref.id);
      if (record?.child) {
        const { exitCode, signalCode } = record.child;
        if (exitCode === null && signalCode === null) return { state: 'running' };
        return { state: 'exited', exit: { code: exitCode, signal: signalCode } };
      }
      return record?.pid != null && isAlive(record.pid)
        ? { state: 'running' }
        : { state: 'absent' };
    },
    attach(ref, proof) {
      if (closed) return Promise.resolve(null);
      return attachProcess(context, recordOf(ref), proof);
    },
    stopLeftover(ref) {
      return stopLeftover(context, ref);
    },
    onExit(listener) {
      listeners.add(listener);
    },
    async removeGroup(group) {
      await rm(files.dirOf(group), { recursive: true, force: true });
      for (const [id, record] of processes) if (record.ref.group === group) processes.delete(id);
    },
    async sweepGroups(known, refsOf) {
      const entries = await readdir(files.servicesDir).catch(() => [] as string[]);
      for (const group of entries) {
        if (known.has(group) || !(await isOrphanGroup(files, group, refsOf(group)))) continue;
        for (const ref of refsOf(group)) await stopLeftover(context, ref).catch(() => undefined);
        await rm(files.dirOf(group), { recursive: true, force: true });
        logger.info({ serviceId: group }, 'Removed the data of a service that no longer exists');
      }
    },
    readNotes: (ref) => files.readNotes(ref),
    writeNotes: (ref, patch) => files.writeNotes(ref, patch),
    logsLocation: (ref) => files.logsLocation(ref),
    recentLogs: (ref, count) => files.recentLogs(ref, count),
    close() {
      closed = true;
      for (const record of processes.values()) {
        if (record.pollTimer) clearInterval(record.pollTimer);
        record.pollTimer = null;
      }
    },
  };
}
