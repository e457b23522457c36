import { z } from 'zod';
import {
  commonAdapterEnv,
  commonAdapterEnvShape,
  issuesInWords,
  jsonSettingsSchema,
  presentVariables,
  type CommonAdapterEnv,
} from '@herald/adapter-kit/adapter-env';
import {
  KAFKA_ADAPTER_CONFIG_ENV,
  kafkaAdapterProcessConfigSchema,
  type KafkaAdapterProcessConfig,
} from '@herald/contract/kafka/kafka-adapter-process';

/**
 * The adapter process's environment (docs/decisions/048): the variables every adapter process gets (adapter-kit's
 * adapter-env: HERALD_WORKLOAD_ID … HERALD_MQTT_PASSWORD, HERALD_RUNTIME_INFO_FILE, HERALD_JWKS, HERALD_METRICS_TOKEN)
 * and the adapter's settings (HERALD_KAFKA_ADAPTER_CONFIG, passwords in clear). A wrong value stops the process with
 * the variable named, never its value.
 */
const envSchema = z.object({
  ...commonAdapterEnvShape,
  [KAFKA_ADAPTER_CONFIG_ENV]: jsonSettingsSchema(kafkaAdapterProcessConfigSchema),
});

export interface AdapterProcessEnv extends CommonAdapterEnv {
  config: KafkaAdapterProcessConfig;
}

export type AdapterEnvParse = { ok: true; env: AdapterProcessEnv } | { ok: false; message: string };

export function parseAdapterEnv(env: NodeJS.ProcessEnv): AdapterEnvParse {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) {
    return {
      ok: false,
      message: `Invalid Kafka adapter environment: ${issuesInWords(parsed.error)}`,
    };
  }
  const value = parsed.data;
  if (value[KAFKA_ADAPTER_CONFIG_ENV].adapterId !== value.HERALD_ADAPTER_ID) {
    return {
      ok: false,
      message: `Invalid Kafka adapter environment: ${KAFKA_ADAPTER_CONFIG_ENV}.adapterId is not HERALD_ADAPTER_ID`,
    };
  }
  return { ok: true, env: { ...commonAdapterEnv(value), config: value[KAFKA_ADAPTER_CONFIG_ENV] } };
}
