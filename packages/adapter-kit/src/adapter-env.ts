import { z } from 'zod';

/**
 * The environment every adapter process gets (docs/decisions/042, 048, 051): what createAdapterKind gives each one
 * (HERALD_WORKLOAD_ID … HERALD_MQTT_PASSWORD), the runtime's ready file (HERALD_RUNTIME_INFO_FILE), HERALD_JWKS (the
 * control plane's public keys, so the loopback endpoints verify a caller's token) and HERALD_METRICS_TOKEN (a
 * metrics-only secret, as the runtime's). Each adapter adds its settings variable with `jsonSettingsSchema`. A wrong
 * value is reported with the variable named, never its value.
 */
export const jwksSchema = z.string().transform((text, context) => {
  try {
    const parsed = JSON.parse(text) as { keys?: unknown };
    if (Array.isArray(parsed.keys)) return { keys: parsed.keys as Record<string, unknown>[] };
  } catch {
    // reported below
  }
  context.addIssue({ code: 'custom', message: 'must be a JSON Web Key Set {"keys":[...]}' });
  return z.NEVER;
});

/** A variable holding JSON of the given schema; each issue names its path inside the JSON. */
export function jsonSettingsSchema<T>(schema: z.ZodType<T>) {
  return z.string().transform((text, context): T => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      context.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
    const parsed = schema.safeParse(json);
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
}

export const commonAdapterEnvShape = {
  HERALD_WORKLOAD_ID: z.string().min(1),
  HERALD_SERVICE_ID: z.string().min(1),
  HERALD_ADAPTER_ID: z.string().min(1),
  HERALD_VERSION: z.string().min(1),
  HERALD_DATA_DIR: z.string().min(1),
  HERALD_READY_FILE: z.string().min(1),
  HERALD_MQTT_URL: z.string().regex(/^mqtts?:\/\/.+:\d+$/, 'must be mqtt://host:port'),
  HERALD_MQTT_USERNAME: z.string().min(1),
  HERALD_MQTT_PASSWORD: z.string().min(1),
  HERALD_RUNTIME_INFO_FILE: z.string().min(1),
  HERALD_JWKS: jwksSchema.optional(),
  HERALD_METRICS_TOKEN: z.string().min(16).optional(),
  HERALD_HTTP_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
};

type CommonVariables = z.infer<z.ZodObject<typeof commonAdapterEnvShape>>;

export interface CommonAdapterEnv {
  workloadId: string;
  serviceId: string;
  adapterId: string;
  version: string;
  dataDir: string;
  readyFile: string;
  mqttUrl: string;
  mqttUsername: string;
  mqttPassword: string;
  runtimeInfoFile: string;
  jwks: { keys: Record<string, unknown>[] } | null;
  metricsToken: string | null;
  httpPort: number;
}

/** The variables worth parsing: HERALD_* with a value (an empty one counts as absent), plus the names given. */
export function presentVariables(
  env: NodeJS.ProcessEnv,
  alsoNames: readonly string[] = [],
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] =>
        (entry[0].startsWith('HERALD_') || alsoNames.includes(entry[0])) &&
        entry[1] !== undefined &&
        entry[1] !== '',
    ),
  );
}

/** The issues of a failed parse in one line: `NAME: what is wrong; …`. */
export const issuesInWords = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');

export function commonAdapterEnv(value: CommonVariables): CommonAdapterEnv {
  return {
    workloadId: value.HERALD_WORKLOAD_ID,
    serviceId: value.HERALD_SERVICE_ID,
    adapterId: value.HERALD_ADAPTER_ID,
    version: value.HERALD_VERSION,
    dataDir: value.HERALD_DATA_DIR,
    readyFile: value.HERALD_READY_FILE,
    mqttUrl: value.HERALD_MQTT_URL,
    mqttUsername: value.HERALD_MQTT_USERNAME,
    mqttPassword: value.HERALD_MQTT_PASSWORD,
    runtimeInfoFile: value.HERALD_RUNTIME_INFO_FILE,
    jwks: value.HERALD_JWKS ?? null,
    metricsToken: value.HERALD_METRICS_TOKEN ?? null,
    httpPort: value.HERALD_HTTP_PORT,
  };
}
