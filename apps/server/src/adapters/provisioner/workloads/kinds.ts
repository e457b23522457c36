import type { service } from '../../../db/schema';
import type { Database } from '../../../db/database';
import type { AdapterKey, AdapterSource } from './adapter-kind';
import type { RuntimeKindOptions } from './runtime-kind';
import { createRuntimeKind } from './runtime-kind';
import type { KindContext, WorkloadKind } from './workload-kind';
import type { WorkloadSource } from './workload-source';
import { kafkaAdapterRegistration } from '../../../modules/kafka-gateway/kafka-adapter-kind';
import { restAdapterRegistration } from '../../../modules/rest-gateway/rest-adapter-kind';

type ServiceRow = typeof service.$inferSelect;

/** An adapter kind's entry: its declaration made a kind (createAdapterKind) and the source of its workloads. */
export interface AdapterKindEntry {
  kind: WorkloadKind<AdapterSource, AdapterKey>;
  source: WorkloadSource;
}

/** What an adapter kind is built from: the installation's settings, the token signer and the database. */
export interface AdapterKindContext extends KindContext {
  db: Database;
  clock: () => Date;
}

/** How an adapter package registers its kind: its entry, built from what the provisioner has. */
export type AdapterKindRegistration = (context: AdapterKindContext) => AdapterKindEntry;

/**
 * The adapter kinds this installation runs: the Kafka adapter (issue 27: its declaration and a source over its
 * tables) and the REST adapter (issue 28, one per service); nothing else in the provisioner changes.
 */
export const ADAPTER_KINDS: readonly AdapterKindRegistration[] = [
  kafkaAdapterRegistration(),
  restAdapterRegistration(),
];

/** Every workload kind the reconcile loop runs: the service's runtime, and the registered adapter kinds. */
export interface WorkloadKinds {
  runtime: WorkloadKind<ServiceRow, { id: string }>;
  adapters: readonly AdapterKindEntry[];
}

export function createWorkloadKinds(
  context: RuntimeKindOptions & AdapterKindContext,
  registrations: readonly AdapterKindRegistration[] = ADAPTER_KINDS,
): WorkloadKinds {
  const adapters = registrations.map((register) => register(context));
  const names = adapters.map((entry) => entry.kind.name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) throw new Error(`Workload kind registered twice: ${repeated}`);
  return { runtime: createRuntimeKind(context), adapters };
}
