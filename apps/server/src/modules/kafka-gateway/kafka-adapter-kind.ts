import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  ADAPTER_SOURCE_ENTRY,
  ensureAdapterBundle,
} from '@herald/kafka-adapter/build/adapter-bundle';
import {
  KAFKA_ADAPTER_CONFIG_ENV,
  KAFKA_ADAPTER_RUNTIME_INFO_ENV,
} from '@herald/contract/kafka/kafka-adapter-process';
import {
  kafkaAdapterWorkloadIds,
  parseKafkaAdapterWorkloadId,
} from '@herald/contract/kafka/kafka-adapter-rules';
import { eq } from 'drizzle-orm';
import { resolveAuthSecret } from '../../adapters/identity/auth-secret';
import type { RuntimeCommand } from '../../adapters/provisioner/runtime-command';
import { createAdapterKind } from '../../adapters/provisioner/workloads/adapter-kind';
import type { AdapterKindRegistration } from '../../adapters/provisioner/workloads/kinds';
import type {
  DesiredWorkload,
  WorkloadSource,
} from '../../adapters/provisioner/workloads/workload-source';
import { kafkaAdapter, service } from '../../db/schema';
import { createSecretBox } from '../service-api/client-secret';
import type { SecretBox } from '../service-api/client-secret';
import {
  applyDueAdapterUpgrade,
  findAdapterById,
  listAdapterRows,
  loadTrees,
} from './kafka-adapter.repository';
import type { KafkaAdapterRow } from './kafka-adapter.repository';
import { toProcessConfig } from './kafka-adapter.mapper';

export const KAFKA_ADAPTER_KIND_NAME = 'kafka-adapter';

/** Its files in the service's folder: `kafka-adapter-{id}.log` is what the logs screen reads (log-files.ts). */
export const kafkaAdapterFileStem = (workloadId: string) => `kafka-adapter-${workloadId}`;

/**
 * The adapter's entry at each spawn, as the runtime's (runtime-command.ts): the compiled bundle
 * packages/kafka-adapter/dist/main.mjs, rebuilt first when missing or older than its sources; when it cannot be
 * built, the sources through tsx (slower to start, the same process), so an adapter never stays down for a build.
 */
async function defaultEntry(logger: { warn(fields: object, msg: string): void }): Promise<string> {
  try {
    return await ensureAdapterBundle();
  } catch (error) {
    logger.warn(
      { error: String(error) },
      'Kafka adapter bundle could not be built: starting the adapter from its sources with tsx',
    );
    return ADAPTER_SOURCE_ENTRY;
  }
}

function commandFor(entry: string): RuntimeCommand {
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  return { args, cwd: path.dirname(path.dirname(entry)) };
}

export interface KafkaAdapterRegistrationOptions {
  /** The process's entry module (default: the package's); tests point at a stand-in. */
  entry?: string;
}

/**
 * The Kafka adapter as a workload kind (docs/decisions/042 and 049): one process per adapter (two with high
 * availability: member 2's workload id is `{adapterId}.member-2`), desired running when the adapter is active and its
 * service runs, restarted when its restart generation or version changes. Its settings travel in
 * HERALD_KAFKA_ADAPTER_CONFIG with the secrets decrypted (never a file, never a log line).
 */
export function kafkaAdapterRegistration(
  options: KafkaAdapterRegistrationOptions = {},
): AdapterKindRegistration {
  return (context) => {
    const { db, clock, config, tokens } = context;
    // Made at first use: building the registry reads no secret.
    let sealed: SecretBox | undefined;
    const box = () => (sealed ??= createSecretBox(resolveAuthSecret(config)));

    async function desiredOf(adapter: KafkaAdapterRow, workloadId: string) {
      const { member } = parseKafkaAdapterWorkloadId(workloadId);
      const [row] = await db
        .select({ desiredState: service.desiredState })
        .from(service)
        .where(eq(service.id, adapter.serviceId))
        .limit(1);
      const [tree] = await loadTrees(db, [adapter]);
      const jwks = await tokens.publicJwks();
      const desired: DesiredWorkload = {
        id: workloadId,
        serviceId: adapter.serviceId,
        kind: KAFKA_ADAPTER_KIND_NAME,
        version: adapter.version,
        desired: adapter.active && row?.desiredState === 'running' ? 'running' : 'stopped',
        config: {
          process: toProcessConfig(tree!, box(), member),
          jwks,
        },
        restartGeneration: adapter.restartGeneration,
        status: member === 1 ? adapter.status : adapter.member2Status,
      };
      return desired;
    }

    /** The row now, with a due scheduled upgrade applied first (resumable: the schedule lives in the row). */
    const current = async (adapter: KafkaAdapterRow) =>
      applyDueAdapterUpgrade(db, adapter, clock());

    const source: WorkloadSource = {
      async listDesired(serviceId) {
        const out: DesiredWorkload[] = [];
        for (const row of await listAdapterRows(db, serviceId)) {
          const adapter = await current(row);
          for (const id of kafkaAdapterWorkloadIds(adapter.id, adapter.haEnabled)) {
            out.push(await desiredOf(adapter, id));
          }
        }
        return out;
      },
      async readDesired(workloadId) {
        const { adapterId, member } = parseKafkaAdapterWorkloadId(workloadId);
        const row = await findAdapterById(db, adapterId);
        if (!row) return undefined;
        // Member 2 of an adapter whose high availability was turned off is gone: stopped and forgotten.
        if (member === 2 && !row.haEnabled) return undefined;
        return desiredOf(await current(row), workloadId);
      },
      async writeStatus(workloadId, status) {
        const { adapterId, member } = parseKafkaAdapterWorkloadId(workloadId);
        await db
          .update(kafkaAdapter)
          .set(member === 1 ? { status, updatedAt: clock() } : { member2Status: status })
          .where(eq(kafkaAdapter.id, adapterId));
      },
      // The rows went with the adapter (or its service, by cascade); its ready and notes files go now, so nothing
      // reads a dead process's port. Its log stays for the log collector (removed with the service's folder).
      async forget(workloadId) {
        const services = path.join(config.dataDir, 'services');
        const stem = kafkaAdapterFileStem(workloadId);
        for (const dir of await readdir(services).catch(() => [] as string[])) {
          for (const file of [`${stem}.json`, `${stem}.control.json`]) {
            await rm(path.join(services, dir, file), { force: true });
          }
        }
      },
    };

    const kind = createAdapterKind(
      {
        name: KAFKA_ADAPTER_KIND_NAME,
        fileStem: kafkaAdapterFileStem,
        command: async () => commandFor(options.entry ?? (await defaultEntry(context.logger))),
        env({ service: row, adapter }) {
          const settings = adapter.config as { process: unknown; jwks: unknown };
          return {
            [KAFKA_ADAPTER_CONFIG_ENV]: JSON.stringify(settings.process),
            [KAFKA_ADAPTER_RUNTIME_INFO_ENV]: path.join(
              config.dataDir,
              'services',
              row.id,
              'runtime.json',
            ),
            // The same key set the runtime verifies tokens with (runtime-kind.ts): the process checks its callers.
            HERALD_JWKS: JSON.stringify(settings.jwks),
            HERALD_CREDENTIAL_VERSION: String(row.credentialVersion),
          };
        },
        async identify(endpoint, token) {
          const response = await fetch(`http://127.0.0.1:${endpoint.httpPort}/identity`, {
            headers: { authorization: `Bearer ${token}` },
            signal: AbortSignal.timeout(2000),
          }).catch(() => null);
          if (!response?.ok) return null;
          return (await response.json().catch(() => null)) as {
            workloadId: string;
            pid: number;
          } | null;
        },
      },
      context,
    );
    return { kind, source };
  };
}
