import path from 'node:path';
import { SERVICE_TOKEN_SCOPES } from '@herald/contract/services/service-token';
import type { service } from '../../../db/schema';
import type { RuntimeEndpoint } from '../provisioner';
import { runtimeBaseEnv } from '../runtime-env';
import type { RuntimeCommand } from '../runtime-command';
import type { WorkloadRef } from '../drivers/driver';
import type { KindContext, WorkloadKind } from './workload-kind';

type ServiceRow = typeof service.$inferSelect;

/** An adapter of a service as its desired state is read from the database (issues 27, 28). */
export interface AdapterSource {
  service: ServiceRow;
  adapter: { id: string; version: string; config: Record<string, unknown> };
}

/** The part of an adapter's source that names its workload (what is left of a deleted service's adapter). */
export interface AdapterKey {
  service: { id: string };
  adapter: { id: string };
}

/**
 * What an adapter package declares to become a workload kind (docs/decisions/042): the Kafka adapter (issue 27)
 * is `{ name: 'kafka-adapter', fileStem: (id) => `kafka-adapter-${id}` }`, one process per adapter; the REST
 * adapter (issue 28) `{ name: 'rest-adapter', fileStem: () => 'rest-adapter' }`, one per service.
 */
export interface AdapterKindDeclaration {
  name: string;
  /** Its files in the service's folder: `{stem}.log` (the log collector's stream), `.out`, `.json`, `.control.json`. */
  fileStem(adapterId: string): string;
  /** How its process is started (its package's entry, resolved like the runtime's: runtime-command.ts). */
  command(): Promise<RuntimeCommand>;
  /** Its own settings from the adapter's configuration (never a control-plane secret). */
  env(source: AdapterSource): Record<string, string>;
  /** Whether the process at the endpoint is this adapter (re-attach proof), asked with its own credential. */
  identify(
    endpoint: RuntimeEndpoint,
    token: string,
  ): Promise<{ workloadId: string; pid: number } | null>;
}

/** How long an adapter's MQTT credential lasts; it is signed again at each start. */
const ADAPTER_CREDENTIAL_TTL_SECONDS = 24 * 60 * 60;

/**
 * An adapter kind from its declaration: its process connects to its service's runtime over MQTT/TCP with a
 * credential of its own (a service token whose subject names the adapter, so the runtime's access rules and logs
 * tell it apart), logs to its own file beside the runtime's, and writes the same ready file the driver waits for.
 */
export function createAdapterKind(
  declaration: AdapterKindDeclaration,
  context: KindContext,
): WorkloadKind<AdapterSource, AdapterKey> {
  const { config, tokens } = context;
  const subjectOf = (adapterId: string) => `${declaration.name}:${adapterId}`;
  const refOf = ({ service: row, adapter }: AdapterKey): WorkloadRef => {
    const stem = declaration.fileStem(adapter.id);
    return {
      id: `${row.id}.${stem}`,
      group: row.id,
      files: {
        log: `${stem}.log`,
        output: `${stem}.out`,
        info: `${stem}.json`,
        notes: `${stem}.control.json`,
      },
      marker: `HERALD_WORKLOAD_ID=${row.id}.${stem}`,
    };
  };
  const credentialOf = async ({ service: row, adapter }: AdapterSource) =>
    (
      await tokens.signServiceToken({
        serviceId: row.id,
        subject: subjectOf(adapter.id),
        // The PUBLISHER role's rights: topics only, no administration (contract TOKEN_SESSION_ROLES).
        scope: SERVICE_TOKEN_SCOPES.adapter,
        credentialVersion: row.credentialVersion,
        ttlSeconds: ADAPTER_CREDENTIAL_TTL_SECONDS,
      })
    ).token;

  return {
    name: declaration.name,
    refOf,
    async launch(source) {
      const ref = refOf(source);
      const dir = path.join(config.dataDir, 'services', ref.group);
      return {
        ref,
        command: await declaration.command(),
        version: source.adapter.version,
        env: {
          ...runtimeBaseEnv(process.env),
          ...declaration.env(source),
          HERALD_WORKLOAD_ID: ref.id,
          HERALD_SERVICE_ID: source.service.id,
          HERALD_ADAPTER_ID: source.adapter.id,
          HERALD_VERSION: source.adapter.version,
          HERALD_DATA_DIR: dir,
          HERALD_READY_FILE: path.join(dir, ref.files.info),
          HERALD_LOG_FILE: path.join(dir, ref.files.log),
          HERALD_MQTT_URL: `mqtt://${config.host}:${source.service.mqttPort ?? 0}`,
          HERALD_MQTT_USERNAME: subjectOf(source.adapter.id),
          HERALD_MQTT_PASSWORD: await credentialOf(source),
        },
      };
    },
    proof: (source) => async (endpoint, pid) => {
      const identity = await declaration.identify(endpoint, await credentialOf(source));
      return identity?.workloadId === refOf(source).id && identity.pid === pid;
    },
  };
}
