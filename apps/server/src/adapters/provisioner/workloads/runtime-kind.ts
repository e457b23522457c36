import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { service } from '../../../db/schema';
import { identifyRuntime } from '../runtime-client';
import { resolveRuntimeCommand } from '../runtime-command';
import { planRuntimeEnv, runtimeBaseEnv } from '../runtime-env';
import type { WorkloadRef } from '../drivers/driver';
import type { KindContext, WorkloadKind } from './workload-kind';
import { signControlPlaneToken } from './control-plane-token';

type ServiceRow = typeof service.$inferSelect;

interface CatalogueTier {
  billingPlan: string;
  topicsCapacity?: number;
}

export interface RuntimeKindOptions extends KindContext {
  /**
   * The runtime's entry module (default: the compiled packages/runtime/dist/main.mjs, built when stale; a `.ts`
   * entry runs through tsx); tests may point at a stand-in.
   */
  runtimeEntry?: string;
  /** The metrics-only secret each runtime accepts for GET /metrics (a Prometheus server scrapes with it). */
  metricsToken?: string;
}

/** The runtime's files: the names the log collector and docs/decisions/014 know. */
export function runtimeRef(serviceId: string): WorkloadRef {
  return {
    id: serviceId,
    group: serviceId,
    files: {
      log: 'runtime.log',
      output: 'runtime.out',
      info: 'runtime.json',
      notes: 'control-plane.json',
    },
    marker: `HERALD_SERVICE_ID=${serviceId}`,
  };
}

/**
 * The service's MQTT runtime (packages/runtime): one per service, started from the compiled bundle, credentialled
 * by the JWKS it verifies every token against (it holds no secret), proved on re-attach by a control-plane token
 * only this service accepts.
 */
export function createRuntimeKind(
  options: RuntimeKindOptions,
): WorkloadKind<ServiceRow, { id: string }> {
  const { config, tokens, logger } = options;
  let catalogue: CatalogueTier[] | undefined;

  function topicsCapacityOf(row: ServiceRow): number {
    if (!catalogue) {
      try {
        const parsed = JSON.parse(readFileSync(config.catalogueFile, 'utf8')) as {
          tiers?: CatalogueTier[];
        };
        catalogue = parsed.tiers ?? [];
      } catch (error) {
        logger.error({ err: error }, 'Provisioner: cannot read the catalogue');
        catalogue = [];
      }
    }
    const plan =
      row.billingPlan === 'freeTrial' ? (row.provisioningPlan ?? 'free') : row.billingPlan;
    const tier =
      catalogue.find((candidate) => candidate.billingPlan === plan) ??
      catalogue.find((candidate) => candidate.billingPlan === row.provisioningPlan);
    return tier?.topicsCapacity ?? catalogue[0]?.topicsCapacity ?? 1000;
  }

  return {
    name: 'runtime',
    refOf: (row) => runtimeRef(row.id),
    async launch(row) {
      const ref = runtimeRef(row.id);
      const dir = path.join(config.dataDir, 'services', ref.group);
      const jwks = await tokens.publicJwks();
      const command = await resolveRuntimeCommand(options.runtimeEntry, logger);
      return {
        ref,
        command,
        version: row.heraldVersion,
        env: {
          ...runtimeBaseEnv(process.env),
          HERALD_SERVICE_ID: row.id,
          HERALD_SERVICE_NAME: row.serviceName,
          HERALD_WORKSPACE_ID: row.workspaceId,
          HERALD_VERSION: row.heraldVersion,
          HERALD_DATA_DIR: dir,
          HERALD_HOST: config.host,
          HERALD_MQTT_PORT: String(row.mqttPort ?? 0),
          HERALD_HTTP_PORT: '0',
          HERALD_JWKS: JSON.stringify(jwks),
          HERALD_CREDENTIAL_VERSION: String(row.credentialVersion),
          HERALD_TOPICS_CAPACITY: String(topicsCapacityOf(row)),
          HERALD_LOG_FILE: path.join(dir, ref.files.log),
          ...planRuntimeEnv(row),
          ...(options.metricsToken ? { HERALD_METRICS_TOKEN: options.metricsToken } : {}),
        },
      };
    },
    proof: (row) => async (endpoint, pid) => {
      const identity = await identifyRuntime(endpoint, await signControlPlaneToken(tokens, row));
      if (identity?.serviceId === row.id && identity.pid === pid) return true;
      logger.info(
        { serviceId: row.id, pid, answered: identity },
        'The runtime named in runtime.json is not this service’s: not re-attached',
      );
      return false;
    },
  };
}
