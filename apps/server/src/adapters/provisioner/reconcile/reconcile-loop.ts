import { afterCrash } from '@herald/contract/provisioning/crash-policy';
import { statusOfPhase } from '@herald/contract/provisioning/workload-status';
import { createAdapterLoop } from './adapter-loop';
import type { LoopContext, ReconcileLoopOptions } from './loop-context';
import type {
  LocalProvisioner,
  ProvisionerEvent,
  ProvisionerEventListener,
  StatusListener,
} from './loop-types';
import { reconcileService } from './reconcile-service';
import { createUpdateScheduler } from './update-scheduler';
import { clearBackoff, newWorkloadState, stopWorkload, unregister } from './workload-state';
import type { WorkloadState } from './workload-state';

const LOG_LINES_KEPT = 200;

/**
 * The reconcile loop (docs/decisions/042): desired state from the database, observed state from the driver, the
 * contract's plan, and the actions, one at a time per workload. It owns backoff, crash limits, scheduled updates,
 * resets and status writes; the driver owns processes. start() and close() run and stop it as a unit.
 */
export function createReconcileLoop(options: ReconcileLoopOptions): LocalProvisioner {
  const { store, driver, runtimeKind, logger, policy } = options;
  const states = new Map<string, WorkloadState>();
  const statusListeners = new Set<StatusListener>();
  const eventListeners = new Set<ProvisionerEventListener>();
  let closed = false;
  const scheduler = createUpdateScheduler({
    store,
    clock: options.clock,
    logger,
    onDue: (serviceId) => void schedule(serviceId, false),
  });

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

  function stateOf(serviceId: string): WorkloadState {
    let state = states.get(serviceId);
    if (!state) {
      state = newWorkloadState(serviceId, runtimeKind.refOf({ id: serviceId }));
      states.set(serviceId, state);
    }
    return state;
  }

  const isUp = (state: WorkloadState) => driver.observe(state.ref).state === 'running';

  async function writeStatus(serviceId: string, status: ReturnType<typeof statusOfPhase>) {
    if (closed) return;
    await store.writeStatus(serviceId, status);
    for (const listener of statusListeners) listener(serviceId, status);
  }

  /** An unexpected end (or a failed start): a restart after the backoff, or ERROR at the crash limit. */
  const onCrash: LoopContext['onCrash'] = (state, report) => {
    if (closed) return;
    clearBackoff(state);
    unregister(state);
    const { crashes, decision } = afterCrash(state.crashes, Date.now(), policy);
    state.crashes = crashes;
    logger.warn(
      { serviceId: state.serviceId, ...report, crashes: crashes.length },
      'Service runtime exited unexpectedly',
    );
    const exit = {
      type: 'runtime-exited' as const,
      serviceId: state.serviceId,
      ...(report.code !== undefined && { code: report.code }),
      ...(report.signal !== undefined && { signal: report.signal }),
      ...(report.unresponsive && { isUnresponsive: true }),
      // A start or a reconciliation that failed (no end of a process seen).
      ...(!report.attached &&
        report.code === undefined &&
        report.signal === undefined && { isStartFailure: true }),
    };
    if (decision.kind === 'error') {
      emit({ ...exit, restartInMs: null });
      state.errored = true;
      void driver
        .recentLogs(state.ref, 10)
        .then((lastLines) =>
          logger.error(
            { serviceId: state.serviceId, lastLines },
            'Service runtime keeps crashing; status ERROR until the next restart request',
          ),
        );
      void enqueue(state, () => writeStatus(state.serviceId, statusOfPhase('failed')));
      return;
    }
    emit({ ...exit, restartInMs: decision.delayMs });
    void enqueue(state, () => writeStatus(state.serviceId, statusOfPhase('starting')));
    state.backoffTimer = setTimeout(() => {
      state.backoffTimer = null;
      void schedule(state.serviceId, false);
    }, decision.delayMs);
  };

  const adapters = createAdapterLoop({
    kinds: options.adapterKinds ?? [],
    store,
    driver,
    policy,
    logger,
    isClosed: () => closed,
    runtimeEndpointOf: (serviceId) => endpointOf(serviceId),
  });

  const context: LoopContext = {
    ...options,
    isClosed: () => closed,
    states,
    stateOf,
    writeStatus,
    emit,
    onCrash,
    isUp,
    reconcileAdapters: (serviceId) => adapters.reconcileService(serviceId),
  };

  // A spawned runtime's end counts once it is registered (before, its start fails); an attached one's always.
  driver.onExit((workloadId, report) => {
    const state = states.get(workloadId);
    if (state) {
      if (report.attached || state.registered) onCrash(state, report);
    } else adapters.onExit(workloadId, report);
  });

  function endpointOf(serviceId: string) {
    const state = states.get(serviceId);
    return state?.registered && state.endpoint ? { ...state.endpoint } : null;
  }

  function enqueue(state: WorkloadState, work: () => Promise<void>): Promise<void> {
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
        await reconcileService(context, serviceId);
      } catch (error) {
        logger.error({ err: error, serviceId }, 'Reconciling the service failed');
        if (!closed && states.has(serviceId)) {
          // A runtime that is up but could not be brought in line (e.g. its admin API failed a reset) is ERROR
          // until the next request retries; one that is not up is retried like a crash (and ends in ERROR).
          if (isUp(state))
            await writeStatus(serviceId, statusOfPhase('failed')).catch(() => undefined);
          else if (!state.backoffTimer && !state.errored) {
            onCrash(state, { reason: (error as Error).message });
          }
        }
      }
      scheduler.arm();
      // After the runtime's step, so an adapter starts once its runtime is registered (not awaited: one queue each).
      void adapters.reconcileService(serviceId);
    });
  }

  async function startAll(): Promise<void> {
    const rows = await store.listRows();
    // Folders without a row: a deletion that removed the row but not (all of) the files, or debris.
    await driver.sweepGroups(new Set(rows.map((row) => row.id)), (group) => [
      runtimeKind.refOf({ id: group }),
    ]);
    // Live adapters are re-attached before any reconciliation could start a second one.
    await adapters.start();
    for (const row of rows) {
      if (closed) return;
      const state = stateOf(row.id);
      if (row.desiredState === 'running' && !isUp(state)) {
        await enqueue(state, async () => {
          if (isUp(state)) return;
          const attached = await driver.attach(state.ref, runtimeKind.proof(row));
          if (!attached) return;
          state.endpoint = attached.endpoint;
          state.version = attached.version;
          state.credentialVersion = null;
          state.handledRestart =
            (await driver.readNotes(state.ref)).handledRestartGeneration ?? row.restartGeneration;
        });
      }
      void schedule(row.id, false);
    }
    scheduler.arm();
  }

  return {
    async start() {
      await startAll().catch((error: unknown) => {
        logger.error({ err: error }, 'Provisioner start failed');
      });
    },
    reconcile(serviceId) {
      adapters.clearErrors(serviceId);
      void schedule(serviceId, true);
    },
    endpointOf,
    watchStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    watchEvents(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    recentLogs(serviceId, count = LOG_LINES_KEPT) {
      return driver.recentLogs(runtimeKind.refOf({ id: serviceId }), count);
    },
    async close() {
      closed = true;
      scheduler.stop();
      driver.close();
      await adapters.close();
      const all = [...states.values()];
      for (const state of all) clearBackoff(state);
      await Promise.all(all.map((state) => stopWorkload(context, state).catch(() => undefined)));
      // Operations in flight see `closed` and stop what they started; wait for them, then sweep once more.
      await Promise.all(all.map((state) => state.queue));
      await Promise.all(
        all.filter(isUp).map((state) => stopWorkload(context, state).catch(() => undefined)),
      );
    },
  };
}
