import { z } from 'zod';
import {
  KAFKA_ADAPTER_CONFIG_ENV,
  KAFKA_ADAPTER_RUNTIME_INFO_ENV,
  kafkaAdapterProcessConfigSchema,
  type KafkaAdapterProcessConfig,
} from '@herald/contract/kafka/kafka-adapter-process';

/**
 * The adapter process's environment (docs/decisions/048): what createAdapterKind gives every adapter process
 * (HERALD_WORKLOAD_ID … HERALD_MQTT_PASSWORD), the adapter's settings (HERALD_KAFKA_ADAPTER_CONFIG, passwords in clear)
 * and the runtime's ready file (HERALD_RUNTIME_INFO_FILE). HERALD_JWKS (the control plane's public keys, as a runtime
 * gets them) lets /identity, /state and /metrics verify a caller's token; HERALD_METRICS_TOKEN is a metrics-only
 * secret, as the runtime's. A wrong value stops the process with the variable named, never its value.
 */
const jwksSchema = z.string().transform((text, context) => {
  try {
    const parsed = JSON.parse(text) as { keys?: unknown };
    if (Array.isArray(parsed.keys)) return { keys: parsed.keys as Record<string, unknown>[] };
  } catch {
    // reported below
  }
  context.addIssue({ code: 'custom', message: 'must be a JSON Web Key Set {"keys":[...]}' });
  return z.NEVER;
});

const configSchema = z.string().transform((text, context): KafkaAdapterProcessConfig => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    context.addIssue({ code: 'custom', message: 'must be JSON' });
    return z.NEVER;
  }
  const parsed = kafkaAdapterProcessConfigSchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      context.addIssue({
        code: 'custom',
        message: `${issue.path.join('.') || '(root)'}: ${issue.message}`,
      });
    }
    return z.NEVER;
  }
  return parsed.data;
});

const envSchema = z.object({
  HERALD_WORKLOAD_ID: z.string().min(1),
  HERALD_SERVICE_ID: z.string().min(1),
  HERALD_ADAPTER_ID: z.string().min(1),
  HERALD_VERSION: z.string().min(1),
  HERALD_DATA_DIR: z.string().min(1),
  HERALD_READY_FILE: z.string().min(1),
  HERALD_MQTT_URL: z.string().regex(/^mqtts?:\/\/.+:\d+$/, 'must be mqtt://host:port'),
  HERALD_MQTT_USERNAME: z.string().min(1),
  HERALD_MQTT_PASSWORD: z.string().min(1),
  [KAFKA_ADAPTER_CONFIG_ENV]: configSchema,
  [KAFKA_ADAPTER_RUNTIME_INFO_ENV]: z.string().min(1),
  HERALD_JWKS: jwksSchema.optional(),
  HERALD_METRICS_TOKEN: z.string().min(16).optional(),
  HERALD_HTTP_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
});

export interface AdapterProcessEnv {
  workloadId: string;
  serviceId: string;
  adapterId: string;
  version: string;
  dataDir: string;
  readyFile: string;
  mqttUrl: string;
  mqttUsername: string;
  mqttPassword: string;
  config: KafkaAdapterProcessConfig;
  runtimeInfoFile: string;
  jwks: { keys: Record<string, unknown>[] } | null;
  metricsToken: string | null;
  httpPort: number;
}

export type AdapterEnvParse = { ok: true; env: AdapterProcessEnv } | { ok: false; message: string };

export function parseAdapterEnv(env: NodeJS.ProcessEnv): AdapterEnvParse {
  const present = Object.fromEntries(
    Object.entries(env).filter(([name, value]) => name.startsWith('HERALD_') && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const message = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    return { ok: false, message: `Invalid Kafka adapter environment: ${message}` };
  }
  const value = parsed.data;
  if (value[KAFKA_ADAPTER_CONFIG_ENV].adapterId !== value.HERALD_ADAPTER_ID) {
    return {
      ok: false,
      message: `Invalid Kafka adapter environment: ${KAFKA_ADAPTER_CONFIG_ENV}.adapterId is not HERALD_ADAPTER_ID`,
    };
  }
  return {
    ok: true,
    env: {
      workloadId: value.HERALD_WORKLOAD_ID,
      serviceId: value.HERALD_SERVICE_ID,
      adapterId: value.HERALD_ADAPTER_ID,
      version: value.HERALD_VERSION,
      dataDir: value.HERALD_DATA_DIR,
      readyFile: value.HERALD_READY_FILE,
      mqttUrl: value.HERALD_MQTT_URL,
      mqttUsername: value.HERALD_MQTT_USERNAME,
      mqttPassword: value.HERALD_MQTT_PASSWORD,
      config: value[KAFKA_ADAPTER_CONFIG_ENV],
      runtimeInfoFile: value[KAFKA_ADAPTER_RUNTIME_INFO_ENV],
      jwks: value.HERALD_JWKS ?? null,
      metricsToken: value.HERALD_METRICS_TOKEN ?? null,
      httpPort: value.HERALD_HTTP_PORT,
    },
  };
}
