import { z } from 'zod';
import { checkSupportedVersion } from '@herald/contract/services/versions';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../policy/packet-size-guard';

/**
 * The process interface: the control plane starts `node --import tsx packages/runtime/src/main.ts` with these
 * variables. A bad value stops the process with a message naming the variable.
 */
export interface RuntimeConfig {
  serviceId: string;
  serviceName: string;
  workspaceId: string;
  version: string;
  dataDir: string;
  host: string;
  mqttPort: number;
  httpPort: number;
  /** The control plane's public JWK Set (ES256). */
  jwks: { keys: Record<string, unknown>[] };
  credentialVersion: number;
  topicsCapacity: number;
  /** The largest message payload in bytes; larger publishes are refused (policy/packet-size-guard.ts). */
  maxMessageBytes: number;
  /** false: topics live in memory only (a free trial's "no persistence", spec section 9); default true. */
  topicPersistence?: boolean;
  /**
   * A bearer secret that reads GET /metrics and nothing else (a Prometheus server scraping with `credentials_file`);
   * unset: only service tokens read /metrics.
   */
  metricsToken?: string;
}

const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  HERALD_SERVICE_ID: z.string().min(1),
  HERALD_SERVICE_NAME: z.string().min(1),
  HERALD_WORKSPACE_ID: z.string().min(1),
  HERALD_VERSION: z
    .string()
    .min(1)
    .superRefine((version, context) => {
      const check = checkSupportedVersion(version);
      if (!check.ok) context.addIssue({ code: 'custom', message: check.message });
    }),
  HERALD_DATA_DIR: z.string().min(1),
  HERALD_HOST: z.string().min(1).default('127.0.0.1'),
  HERALD_MQTT_PORT: port.default(0),
  HERALD_HTTP_PORT: port.default(0),
  HERALD_JWKS: z.string().transform((text, context) => {
    try {
      const parsed: unknown = JSON.parse(text);
      const jwks = z
        .object({ keys: z.array(z.record(z.string(), z.unknown())).min(1) })
        .parse(parsed);
      return jwks;
    } catch (_error) {
      context.addIssue({ code: 'custom', message: 'must be a JSON JWK Set {"keys":[...]}' });
      return z.NEVER;
    }
  }),
  HERALD_CREDENTIAL_VERSION: z.coerce.number().int().nonnegative().default(1),
  HERALD_TOPICS_CAPACITY: z.coerce.number().int().nonnegative().default(1000),
  // Up to 256 MiB, the largest Remaining Length MQTT 3.1.1 can express (§2.2.3), less room for the topic.
  HERALD_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(256 * 1024 * 1024 - 70_000)
    .default(DEFAULT_MAX_MESSAGE_BYTES),
  // "off" for a free trial (spec section 9 "no persistence"): topics in memory only.
  HERALD_TOPIC_PERSISTENCE: z.enum(['on', 'off']).default('on'),
  // A random secret of the installation (docs/decisions/022); short ones are refused rather than guessable.
  HERALD_METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,512}$/, 'must be 32 to 512 visible ASCII characters')
    .optional(),
});

export type ConfigParse = { ok: true; config: RuntimeConfig } | { ok: false; message: string };

/** Reads the configuration from the environment; empty strings count as unset. */
export function parseRuntimeEnv(env: NodeJS.ProcessEnv): ConfigParse {
  const present = Object.fromEntries(
    Object.entries(env).filter(([name, value]) => name.startsWith('HERALD_') && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const message = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    return { ok: false, message: `Invalid runtime environment: ${message}` };
  }
  const value = parsed.data;
  return {
    ok: true,
    config: {
      serviceId: value.HERALD_SERVICE_ID,
      serviceName: value.HERALD_SERVICE_NAME,
      workspaceId: value.HERALD_WORKSPACE_ID,
      version: value.HERALD_VERSION,
      dataDir: value.HERALD_DATA_DIR,
      host: value.HERALD_HOST,
      mqttPort: value.HERALD_MQTT_PORT,
      httpPort: value.HERALD_HTTP_PORT,
      jwks: value.HERALD_JWKS,
      credentialVersion: value.HERALD_CREDENTIAL_VERSION,
      topicsCapacity: value.HERALD_TOPICS_CAPACITY,
      maxMessageBytes: value.HERALD_MAX_MESSAGE_BYTES,
      topicPersistence: value.HERALD_TOPIC_PERSISTENCE === 'on',
      ...(value.HERALD_METRICS_TOKEN === undefined
        ? {}
        : { metricsToken: value.HERALD_METRICS_TOKEN }),
    },
  };
}

/** Where the runtime logs: a rotated file (the control plane's choice) or, without HERALD_LOG_FILE, stdout. */
export interface RuntimeLogConfig {
  file: string | null;
  maxBytes: number;
  keep: number;
}

const logEnvSchema = z.object({
  HERALD_LOG_FILE: z.string().min(1).optional(),
  // At least 64 KiB, so a rotation is never triggered by every other line.
  HERALD_LOG_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(10 * 1024 * 1024),
  HERALD_LOG_FILES: z.coerce.number().int().min(0).max(20).default(3),
});

export type LogConfigParse =
  { ok: true; config: RuntimeLogConfig } | { ok: false; message: string };

/** Read before everything else (the logger reports the other variables' errors); empty strings count as unset. */
export function parseRuntimeLogEnv(env: NodeJS.ProcessEnv): LogConfigParse {
  const present = Object.fromEntries(
    Object.entries(env).filter(([name, value]) => name.startsWith('HERALD_LOG_') && value !== ''),
  );
  const parsed = logEnvSchema.safeParse(present);
  if (!parsed.success) {
    const message = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    return { ok: false, message: `Invalid runtime environment: ${message}` };
  }
  return {
    ok: true,
    config: {
      file: parsed.data.HERALD_LOG_FILE ?? null,
      maxBytes: parsed.data.HERALD_LOG_MAX_BYTES,
      keep: parsed.data.HERALD_LOG_FILES,
    },
  };
}
