import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  REST_ADAPTER_ALLOWED_HOSTS_ENV,
  REST_ADAPTER_CONFIG_ENV,
  REST_ADAPTER_FILE_STEM,
  REST_ADAPTER_PROCESS_PATHS,
} from '@herald/contract/rest-adapters/rest-adapter-process';
import { restAdapterDesiredRunning } from '@herald/contract/rest-adapters/rest-adapter-rules';
import { eq } from 'drizzle-orm';
import { resolveAuthSecret } from '../../adapters/identity/auth-secret';
import type { RuntimeCommand } from '../../adapters/provisioner/runtime-command';
import { createAdapterKind } from '../../adapters/provisioner/workloads/adapter-kind';
import type { AdapterKindRegistration } from '../../adapters/provisioner/workloads/kinds';
import type {
  DesiredWorkload,
  WorkloadSource,
} from '../../adapters/provisioner/workloads/workload-source';
import { restAdapter, service } from '../../db/schema';
import { createSecretBox } from '../service-api/client-secret';
import type { SecretBox } from '../service-api/client-secret';
import { defaultRestAdapterEntry } from './rest-adapter-entry';
import {
  findRestAdapterById,
  listRestAdapterRows,
  listRestApiRows,
  loadRestApiTrees,
} from './rest-adapter.repository';
import type { RestAdapterRow } from './rest-adapter.repository';
import { toRestProcessConfig } from './rest-adapter.mapper';

export const REST_ADAPTER_KIND_NAME = 'rest-adapter';

function commandFor(entry: string): RuntimeCommand {
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  return { args, cwd: path.dirname(path.dirname(entry)) };
}

export interface RestAdapterRegistrationOptions {
  /** The process's entry module (default: packages/rest-adapter's, rest-adapter-entry.ts); tests point at a stand-in. */
  entry?: string;
}

/**
 * The REST adapter as a workload kind (docs/decisions/042 and 052): one process per service (files `rest-adapter.*`
 * in the service's folder), desired running when the adapter is active, its service runs and it has an endpoint to
 * poll; restarted when its restart generation (any change of the APIs or endpoints) or version changes. Its settings
 * travel in HERALD_REST_ADAPTER_CONFIG with the secrets unsealed (never a file, never a log line), the operator's
 * allow list in REST_ADAPTER_ALLOWED_HOSTS.
 */
export function restAdapterRegistration(
  options: RestAdapterRegistrationOptions = {},
): AdapterKindRegistration {
  return (context) => {
    const { db, config, tokens } = context;
    // Made at first use: building the registry reads no secret.
    let sealed: SecretBox | undefined;
    const box = () => (sealed ??= createSecretBox(resolveAuthSecret(config)));
    // Which service an adapter was of, for forget(): its row is gone by then, and every service's files share a stem.
    const serviceOfAdapter = new Map<string, string>();

    async function desiredOf(adapter: RestAdapterRow): Promise<DesiredWorkload> {
      serviceOfAdapter.set(adapter.id, adapter.serviceId);
      const [row] = await db
        .select({ desiredState: service.desiredState })
        .from(service)
        .where(eq(service.id, adapter.serviceId))
        .limit(1);
      const trees = await loadRestApiTrees(db, await listRestApiRows(db, adapter.serviceId));
      return {
        id: adapter.id,
        serviceId: adapter.serviceId,
        kind: REST_ADAPTER_KIND_NAME,
        version: adapter.version,
        desired: restAdapterDesiredRunning({
          active: adapter.active,
          serviceDesiredState: row?.desiredState,
        })
          ? 'running'
          : 'stopped',
        config: {
          process: toRestProcessConfig(adapter.id, trees, box()),
          jwks: await tokens.publicJwks(),
        },
        restartGeneration: adapter.restartGeneration,
        status: adapter.status,
      };
    }

    const source: WorkloadSource = {
      async listDesired(serviceId) {
        const out: DesiredWorkload[] = [];
        for (const row of await listRestAdapterRows(db, serviceId)) out.push(await desiredOf(row));
        return out;
      },
      async readDesired(adapterId) {
        const row = await findRestAdapterById(db, adapterId);
        return row && desiredOf(row);
      },
      async writeStatus(adapterId, status) {
        await db
          .update(restAdapter)
          .set({ status, updatedAt: context.clock() })
          .where(eq(restAdapter.id, adapterId));
      },
      // The row went with its service (cascade): its ready and notes files go now, so nothing reads a dead process's
      // port. Its log stays for the log collector (removed with the service's folder).
      async forget(adapterId) {
        const serviceId = serviceOfAdapter.get(adapterId);
        serviceOfAdapter.delete(adapterId);
        if (serviceId === undefined) return;
        const dir = path.join(config.dataDir, 'services', serviceId);
        for (const file of [
          `${REST_ADAPTER_FILE_STEM}.json`,
          `${REST_ADAPTER_FILE_STEM}.control.json`,
        ]) {
          await rm(path.join(dir, file), { force: true });
        }
      },
    };

    const kind = createAdapterKind(
      {
        name: REST_ADAPTER_KIND_NAME,
        fileStem: () => REST_ADAPTER_FILE_STEM,
        command: async () =>
          commandFor(options.entry ?? (await defaultRestAdapterEntry(context.logger))),
        env({ service: row, adapter }) {
          const settings = adapter.config as { process: unknown; jwks: unknown };
          return {
            [REST_ADAPTER_CONFIG_ENV]: JSON.stringify(settings.process),
            [REST_ADAPTER_ALLOWED_HOSTS_ENV]: config.restAdapterAllowedHosts,
            // The runtime's ready file: its admin API port, where the adapter creates its topics with their type.
            HERALD_RUNTIME_INFO_FILE: path.join(config.dataDir, 'services', row.id, 'runtime.json'),
            // The same key set the runtime verifies tokens with (runtime-kind.ts): the process checks its callers.
            HERALD_JWKS: JSON.stringify(settings.jwks),
            HERALD_CREDENTIAL_VERSION: String(row.credentialVersion),
          };
        },
        async identify(endpoint, token) {
          const response = await fetch(
            `http://127.0.0.1:${endpoint.httpPort}${REST_ADAPTER_PROCESS_PATHS.identity}`,
            { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(2000) },
          ).catch(() => null);
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
