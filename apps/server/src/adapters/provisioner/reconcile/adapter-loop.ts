import { afterCrash } from '@herald/contract/provisioning/crash-policy';
import type { CrashPolicy } from '@herald/contract/provisioning/crash-policy';
import { statusOfPhase } from '@herald/contract/provisioning/workload-status';
import type { FastifyBaseLogger } from 'fastify';
import type { ExitReport, WorkloadDriver } from '../drivers/driver';
import type { RuntimeEndpoint } from '../provisioner';
import type { AdapterKindEntry } from '../workloads/kinds';
import type { CrashReport } from './loop-context';
import type { AdapterContext, AdapterState } from './reconcile-adapter';
import { reconcileAdapter } from './reconcile-adapter';
import type { ServiceStore } from './service-store';
import { clearBackoff, newWorkloadState, stopWorkload, unregister } from './workload-state';

export interface AdapterLoopOptions {
  kinds: readonly AdapterKindEntry[];
  store: ServiceStore;
  driver: WorkloadDriver;
  policy: CrashPolicy;
  logger: FastifyBaseLogger;
  isClosed(): boolean;
  runtimeEndpointOf(serviceId: string): RuntimeEndpoint | null;
}

/**
 * The reconcile loop's adapter half (docs/decisions/042, "Adapters"): the same machinery as the runtimes' — one
 * serial queue per workload with one coalesced reconciliation waiting, the contract's plan and crash policy, re-attach
 * with the kind's proof, a stop on close — over the workloads the registered kinds' sources want. The loop calls it
 * after each reconciliation of a service, so an adapter starts once its runtime is registered.
 */
export function createAdapterLoop(options: AdapterLoopOptions) {
  const { kinds, driver, logger, policy } = options;
  const states = new Map<string, AdapterState>();

  function stateOf(entry: AdapterKindEntry, serviceId: string, adapterId: string): AdapterState {
    const ref = entry.kind.refOf({ service: { id: serviceId }, adapter: { id: adapterId } });
    let state = states.get(ref.id);
    if (!state) {
      state = { ...newWorkloadState(serviceId, ref), entry, adapterId };
      states.set(ref.id, state);
    }
    return state;
  }

  const isUp = (state: AdapterState) => driver.observe(state.ref).state === 'running';

  async function writeStatus(state: AdapterState, status: ReturnType<typeof statusOfPhase>) {
    if (options.isClosed()) return;
    await state.entry.source.writeStatus(state.adapterId, status);
  }

  function enqueue(state: AdapterState, work: () => Promise<void>): Promise<void> {
    state.queue = state.queue.then(work).catch((error: unknown) => {
      logger.error(
        { err: error, serviceId: state.serviceId, workloadId: state.ref.id },
        'Adapter operation failed',
      );
    });
    return state.queue;
  }

  /** An unexpected end (or a failed start): a restart after the backoff, or ERROR at the crash limit. */
  function onCrash(state: AdapterState, report: CrashReport): void {
    if (options.isClosed()) return;
    clearBackoff(state);
    unregister(state);
    const { crashes, decision } = afterCrash(state.crashes, Date.now(), policy);
    state.crashes = crashes;
    logger.warn(
      { serviceId: state.serviceId, workloadId: state.ref.id, ...report, crashes: crashes.length },
      'Adapter exited unexpectedly',
    );
    if (decision.kind === 'error') {
      state.errored = true;
      logger.error(
        { serviceId: state.serviceId, workloadId: state.ref.id },
        'Adapter keeps crashing; status ERROR until its service is reconciled on request',
      );
      void enqueue(state, () => writeStatus(state, statusOfPhase('failed')));
      return;
    }
    void enqueue(state, () => writeStatus(state, statusOfPhase('starting')));
    state.backoffTimer = setTimeout(() => {
      state.backoffTimer = null;
      void schedule(state);
    }, decision.delayMs);
  }

  const context: AdapterContext = {
    store: options.store,
    driver,
    logger,
    isClosed: options.isClosed,
    runtimeEndpointOf: options.runtimeEndpointOf,
    states,
    writeStatus,
    onCrash,
    isUp,
  };

  /** Queues one reconciliation of the adapter (coalesced: one waiting reads the newest rows). */
  function schedule(state: AdapterState): Promise<void> {
    if (state.queued) return state.queue;
    state.queued = true;
    return enqueue(state, async () => {
      state.queued = false;
      try {
        await reconcileAdapter(context, state);
      } catch (error) {
        logger.error(
          { err: error, serviceId: state.serviceId, workloadId: state.ref.id },
          'Reconciling the adapter failed',
        );
        if (options.isClosed() || !states.has(state.ref.id)) return;
        if (isUp(state)) await writeStatus(state, statusOfPhase('failed')).catch(() => undefined);
        else if (!state.backoffTimer && !state.errored) {
          onCrash(state, { reason: (error as Error).message });
        }
      }
    });
  }

  /** What a kind's source wants (of one service, or all); a source that fails is logged and skipped this time. */
  async function listDesired(entry: AdapterKindEntry, serviceId?: string) {
    try {
      return await entry.source.listDesired(serviceId);
    } catch (error) {
      logger.error({ err: error, serviceId, kind: entry.kind.name }, 'Reading adapters failed');
      return [];
    }
  }

  /** The adapters of a service: those its kinds' sources list, and those the loop still holds (deleted rows). */
  async function statesOf(serviceId: string): Promise<AdapterState[]> {
    for (const entry of kinds) {
      for (const desired of await listDesired(entry, serviceId)) {
        stateOf(entry, serviceId, desired.id);
      }
    }
    return [...states.values()].filter((state) => state.serviceId === serviceId);
  }

  return {
    /** Reconciles every adapter of the service (after its runtime's reconciliation); resolves when they are done. */
    async reconcileService(serviceId: string): Promise<void> {
      if (kinds.length === 0 || options.isClosed()) return;
      await Promise.all((await statesOf(serviceId)).map((state) => schedule(state)));
    },
    /** A request (a route's change to the service or its adapters) lifts an adapter's ERROR, as a runtime's. */
    clearErrors(serviceId: string): void {
      for (const state of states.values()) {
        if (state.serviceId === serviceId && state.errored) {
          state.errored = false;
          state.crashes = [];
        }
      }
    },
    /** The driver's report of an unasked end, when it is an adapter's; false when it is not. */
    onExit(workloadId: string, report: ExitReport): boolean {
      const state = states.get(workloadId);
      if (!state) return false;
      if (report.attached || state.registered) onCrash(state, report);
      return true;
    },
    /**
     * At the loop's start, before any runtime is reconciled: re-attaches every adapter a previous control plane left
     * running that proves to be its own (so no reconciliation starts a second one), then reconciles them all.
     */
    async start(): Promise<void> {
      const all: AdapterState[] = [];
      for (const entry of kinds) {
        for (const desired of await listDesired(entry)) {
          const state = stateOf(entry, desired.serviceId, desired.id);
          all.push(state);
          // A stopped one too: adopted, then stopped by its reconciliation (a disable cut short by a crash).
          if (isUp(state)) continue;
          void enqueue(state, async () => {
            const row = await options.store.readRow(desired.serviceId);
            if (!row || isUp(state) || options.isClosed()) return;
            const source = { service: row, adapter: desired };
            const attached = await driver.attach(state.ref, entry.kind.proof(source));
            if (!attached) return;
            state.endpoint = attached.endpoint;
            state.version = attached.version;
            // It was started with the credential version the service has (a rotation restarts adapters).
            state.credentialVersion = row.credentialVersion;
            state.handledRestart =
              (await driver.readNotes(state.ref)).handledRestartGeneration ??
              desired.restartGeneration;
          });
        }
      }
      await Promise.all(all.map((state) => state.queue));
      for (const state of all) void schedule(state);
    },
    /** Stops every adapter (a graceful control-plane stop), after the loop is marked closed. */
    async close(): Promise<void> {
      const all = [...states.values()];
      for (const state of all) clearBackoff(state);
      await Promise.all(all.map((state) => stopWorkload(context, state).catch(() => undefined)));
      await Promise.all(all.map((state) => state.queue));
      await Promise.all(
        all.filter(isUp).map((state) => stopWorkload(context, state).catch(() => undefined)),
      );
    },
  };
}
