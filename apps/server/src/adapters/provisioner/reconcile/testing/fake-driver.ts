import type { RuntimeEndpoint } from '../../provisioner';
import type {
  ExitReport,
  LaunchSpec,
  Observation,
  WorkloadDriver,
  WorkloadNotes,
  WorkloadRef,
} from '../../drivers/driver';

interface FakeWorkload {
  endpoint: RuntimeEndpoint;
  version: string;
  state: 'running' | 'exited';
  exit?: ExitReport;
}

/**
 * A driver with no processes, for the reconcile loop's tests: starts succeed (or fail when told), workloads end when
 * the test says, and a "previous control plane" may leave live workloads to attach.
 */
export function createFakeDriver() {
  const workloads = new Map<string, FakeWorkload>();
  const notes = new Map<string, WorkloadNotes>();
  const listeners = new Set<(workloadId: string, report: ExitReport) => void>();
  /** Live workloads a previous control plane started: attach() adopts them (when they prove theirs). */
  const leftBehind = new Map<string, FakeWorkload>();
  const calls: string[] = [];
  /** What each start was given (an adapter's environment names its runtime's MQTT address). */
  const launched: LaunchSpec[] = [];
  let failingStarts = 0;
  let nextPort = 40_000;
  let closed = false;

  const driver: WorkloadDriver = {
    async start(spec: LaunchSpec) {
      await Promise.resolve();
      calls.push(`start ${spec.ref.id} ${spec.version}`);
      launched.push(spec);
      if (closed) throw new Error('provisioner closed');
      if (failingStarts > 0) {
        failingStarts -= 1;
        throw new Error('runtime exited during start (code 1)');
      }
      const endpoint = { httpPort: nextPort++, mqttPort: Number(spec.env.HERALD_MQTT_PORT) };
      workloads.set(spec.ref.id, { endpoint, version: spec.version, state: 'running' });
      return endpoint;
    },
    async stop(ref) {
      await Promise.resolve();
      if (workloads.delete(ref.id)) calls.push(`stop ${ref.id}`);
    },
    observe(ref): Observation {
      const workload = workloads.get(ref.id);
      if (!workload) return { state: 'absent' };
      return workload.state === 'running'
        ? { state: 'running' }
        : { state: 'exited', exit: workload.exit ?? {} };
    },
    async attach(ref, proof) {
      const workload = leftBehind.get(ref.id);
      if (!workload || !(await proof(workload.endpoint, 1))) return null;
      leftBehind.delete(ref.id);
      workloads.set(ref.id, workload);
      calls.push(`attach ${ref.id}`);
      return { endpoint: workload.endpoint, version: workload.version };
    },
    async stopLeftover(ref) {
      await Promise.resolve();
      if (leftBehind.delete(ref.id)) calls.push(`stop leftover ${ref.id}`);
    },
    onExit(listener) {
      listeners.add(listener);
    },
    async removeGroup(group) {
      await Promise.resolve();
      calls.push(`remove ${group}`);
    },
    async sweepGroups() {},
    async readNotes(ref) {
      await Promise.resolve();
      return { ...notes.get(ref.id) };
    },
    async writeNotes(ref, patch) {
      await Promise.resolve();
      notes.set(ref.id, { ...notes.get(ref.id), ...patch });
    },
    logsLocation: () => [],
    recentLogs: async () => [],
    close() {
      closed = true;
    },
  };

  return {
    driver,
    calls,
    launched,
    notes,
    leftBehind,
    isRunning: (ref: WorkloadRef) => workloads.get(ref.id)?.state === 'running',
    /** The next `count` starts fail (the process exits during its start). */
    failStarts(count: number) {
      failingStarts = count;
    },
    /** The workload ends unasked, as a real one would (its exit, or an attached one seen dead by polling). */
    end(workloadId: string, report: ExitReport) {
      const workload = workloads.get(workloadId);
      if (!workload) throw new Error(`no workload ${workloadId}`);
      if (report.attached) workloads.delete(workloadId);
      else Object.assign(workload, { state: 'exited', exit: report });
      for (const listener of listeners) listener(workloadId, report);
    },
    leave(workloadId: string, version: string, endpoint: RuntimeEndpoint) {
      leftBehind.set(workloadId, { endpoint, version, state: 'running' });
    },
  };
}
