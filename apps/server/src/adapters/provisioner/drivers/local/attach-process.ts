import { stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { isHealthy } from '../../runtime-client';
import type { RuntimeEndpoint } from '../../provisioner';
import type { IdentityProof, WorkloadRef } from '../driver';
import { clearProcess } from './local-process';
import type { ExitListener, LocalDriverTimings, LocalProcess } from './local-process';
import { isAlive, killPid, ownerOf, parentPid } from './process-tools';
import type { WorkloadFileStore } from './workload-files';

/** Row-less data dirs younger than this are left alone (see isOrphanGroup). */
const ORPHAN_MIN_AGE_MS = 60_000;

interface AttachContext {
  files: WorkloadFileStore;
  timings: LocalDriverTimings;
  logger: FastifyBaseLogger;
  reportExit: ExitListener;
}

/**
 * Re-attaches a process a previous control plane started (it survives our crash, docs/decisions/014) when its info
 * file names a live process that proves to be this workload's: where /proc tells, the pid's environment holds the
 * workload's marker, and the process on the recorded port passes the kind's identity proof (for a runtime: it
 * accepts a token only this service accepts and answers with the same service id and pid). A reused pid or port
 * never passes, so it is neither adopted nor (see stopLeftover) killed.
 */
export async function attachProcess(
  context: AttachContext,
  record: LocalProcess,
  proof: IdentityProof,
): Promise<{ endpoint: RuntimeEndpoint; version: string } | null> {
  const { ref } = record;
  const info = await context.files.readInfo(ref);
  if (!info || (await ownerOf(info.pid, ref.marker)) === 'not-ours') return null;
  const endpoint = { httpPort: info.httpPort, mqttPort: info.mqttPort };
  if (!(await proof(endpoint, info.pid))) return null;
  record.child = null;
  record.pid = info.pid;
  record.endpoint = endpoint;
  record.isReady = true;
  watchAttached(context, record, info.pid, endpoint);
  context.logger.info(
    { serviceId: ref.id, pid: info.pid },
    'Re-attached to a running service runtime',
  );
  return { endpoint, version: info.version };
}

/**
 * An attached process is not our child (no exit event): poll its pid and /health. A dead pid is an exit at once; a
 * live one that fails attachedFailuresAllowed polls in a row (a long pause is not a death) is stopped — only when
 * it is provably ours — and reported, which restarts it.
 */
function watchAttached(
  context: AttachContext,
  record: LocalProcess,
  pid: number,
  endpoint: RuntimeEndpoint,
): void {
  const { timings } = context;
  let failures = 0;
  let isPolling = false;
  record.pollTimer = setInterval(() => {
    if (isPolling) return;
    isPolling = true;
    void (async () => {
      if (record.pid !== pid || record.stopping) return;
      const isDead = !isAlive(pid);
      failures = !isDead && (await isHealthy(endpoint)) ? 0 : failures + 1;
      if (record.pid !== pid || record.stopping) return;
      if (!isDead && failures < timings.attachedFailuresAllowed) return;
      if (!isDead && (await ownerOf(pid, record.ref.marker)) === 'ours') await killPid(pid, 1_000);
      clearProcess(record);
      context.reportExit(record.ref.id, {
        attached: true,
        ...(isDead ? {} : { unresponsive: true }),
      });
    })().finally(() => {
      isPolling = false;
    });
  }, timings.attachedPollMs);
  record.pollTimer.unref();
}

/** Stops a process a crashed control plane left behind (spawned, never re-attachable). */
export async function stopLeftover(context: AttachContext, ref: WorkloadRef): Promise<void> {
  const pids = new Set<number>();
  const notes = await context.files.readNotes(ref);
  if (notes.pid) pids.add(notes.pid);
  const info = await context.files.readInfo(ref);
  if (info) pids.add(info.pid);
  for (const pid of pids) {
    if (pid === process.pid) continue;
    const owner = await ownerOf(pid, ref.marker);
    if (owner === 'ours') {
      context.logger.info({ serviceId: ref.id, pid }, 'Stopping a leftover service runtime');
      await killPid(pid, context.timings.stopGraceMs);
    } else if (owner === 'unknown') {
      context.logger.warn(
        { serviceId: ref.id, pid },
        'A leftover pid cannot be proved to be this service’s runtime: left alone',
      );
    }
  }
}

/**
 * A group's folder without an owner is removed only when nothing else may own it: not touched for a while (another
 * control plane on the same DATA_DIR, e.g. parallel test apps, may be creating it right now) and no live process of
 * `refs` in it that still has a parent (a process whose control plane crashed is re-parented to init).
 */
export async function isOrphanGroup(
  files: WorkloadFileStore,
  group: string,
  refs: readonly WorkloadRef[],
): Promise<boolean> {
  const info = await stat(files.dirOf(group)).catch(() => null);
  if (!info?.isDirectory() || Date.now() - info.mtimeMs < ORPHAN_MIN_AGE_MS) return false;
  for (const ref of refs) {
    const pids = [(await files.readNotes(ref)).pid, (await files.readInfo(ref))?.pid];
    for (const pid of pids) {
      if (pid === undefined || (await ownerOf(pid, ref.marker)) === 'not-ours') continue;
      const parent = await parentPid(pid);
      if (parent !== null && parent !== 1 && isAlive(parent)) return false;
    }
  }
  return true;
}
