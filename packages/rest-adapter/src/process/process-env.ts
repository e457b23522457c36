import { z } from 'zod';
import {
  commonAdapterEnv,
  commonAdapterEnvShape,
  issuesInWords,
  jsonSettingsSchema,
  presentVariables,
  type CommonAdapterEnv,
} from '@herald/adapter-kit/adapter-env';
import { parseAllowedHosts, type AllowedHost } from '@herald/contract/rest-adapters/allowed-hosts';
import {
  REST_ADAPTER_ALLOWED_HOSTS_ENV,
  REST_ADAPTER_CONFIG_ENV,
  restAdapterProcessConfigSchema,
  type RestAdapterProcessConfig,
} from '@herald/contract/rest-adapters/rest-adapter-process';

/**
 * The REST adapter process's environment (docs/decisions/051): the variables every adapter gets (adapter-kit's
 * adapter-env), its settings (HERALD_REST_ADAPTER_CONFIG, secrets in clear), the operator's allow list
 * (REST_ADAPTER_ALLOWED_HOSTS) and the poll limits, whose defaults are the decision's: 10 s per poll, 1 MiB per
 * body, 256 requests at once and 16 per host. A wrong value stops the process with the variable named, never its value.
 */
export const POLL_DEFAULTS = {
  timeoutMs: 10_000,
  maxBodyBytes: 1024 * 1024,
  maxConnections: 256,
  maxConnectionsPerHost: 16,
} as const;

const count = (max: number) => z.coerce.number().int().min(1).max(max);

const envSchema = z.object({
  ...commonAdapterEnvShape,
  [REST_ADAPTER_CONFIG_ENV]: jsonSettingsSchema(restAdapterProcessConfigSchema),
  HERALD_REST_POLL_TIMEOUT_MS: count(120_000).default(POLL_DEFAULTS.timeoutMs),
  HERALD_REST_MAX_BODY_BYTES: count(64 * 1024 * 1024).default(POLL_DEFAULTS.maxBodyBytes),
  HERALD_REST_MAX_CONNECTIONS: count(4_096).default(POLL_DEFAULTS.maxConnections),
  HERALD_REST_MAX_CONNECTIONS_PER_HOST: count(1_024).default(POLL_DEFAULTS.maxConnectionsPerHost),
});

export interface RestAdapterEnv extends CommonAdapterEnv {
  config: RestAdapterProcessConfig;
  allowedHosts: AllowedHost[];
  limits: {
    timeoutMs: number;
    maxBodyBytes: number;
    maxConnections: number;
    maxConnectionsPerHost: number;
  };
}

export type RestEnvParse = { ok: true; env: RestAdapterEnv } | { ok: false; message: string };

const invalid = (why: string): RestEnvParse => ({
  ok: false,
  message: `Invalid REST adapter environment: ${why}`,
});

export function parseRestAdapterEnv(env: NodeJS.ProcessEnv): RestEnvParse {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) return invalid(issuesInWords(parsed.error));
  const value = parsed.data;
  const config = value[REST_ADAPTER_CONFIG_ENV];
  if (config.adapterId !== value.HERALD_ADAPTER_ID) {
    return invalid(`${REST_ADAPTER_CONFIG_ENV}.adapterId is not HERALD_ADAPTER_ID`);
  }
  const hosts = parseAllowedHosts(env[REST_ADAPTER_ALLOWED_HOSTS_ENV]);
  if (!hosts.ok) return invalid(hosts.error);
  return {
    ok: true,
    env: {
      ...commonAdapterEnv(value),
      config,
      allowedHosts: hosts.hosts,
      limits: {
        timeoutMs: value.HERALD_REST_POLL_TIMEOUT_MS,
        maxBodyBytes: value.HERALD_REST_MAX_BODY_BYTES,
        maxConnections: value.HERALD_REST_MAX_CONNECTIONS,
        maxConnectionsPerHost: value.HERALD_REST_MAX_CONNECTIONS_PER_HOST,
      },
    },
  };
}
