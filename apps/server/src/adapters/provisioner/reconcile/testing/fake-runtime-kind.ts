import { runtimeRef } from '../../workloads/runtime-kind';
import type { WorkloadKind } from '../../workloads/workload-kind';
import type { ServiceRow } from '../service-store';

/** The runtime kind for the loop's tests over the fake driver: no command to run, every process proves to be it. */
export function fakeRuntimeKind(): WorkloadKind<ServiceRow, { id: string }> {
  return {
    name: 'runtime',
    refOf: ({ id }) => runtimeRef(id),
    launch: async (row) => ({
      ref: runtimeRef(row.id),
      command: { args: [], cwd: '.' },
      env: { HERALD_MQTT_PORT: String(row.mqttPort) },
      version: row.heraldVersion,
    }),
    proof: () => async () => true,
  };
}
