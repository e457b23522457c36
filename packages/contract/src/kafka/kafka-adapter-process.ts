import { z } from 'zod';
import { kafkaClusterSchema, kafkaServiceSchema } from './kafka-adapter.schema';

/**
 * What the control plane hands a Kafka adapter process at its start (issue 27): the adapter's clusters, publishers
 * and subscribers as the API lists them, except that the stored secrets are in clear (the cluster's SASL password,
 * the schema registry's `basic.auth.user.info`), because the process must use them. It travels in one environment
 * variable (never a file others could read, never a log line) and is parsed with this schema at the process's start:
 * a wrong shape stops the process with the issue named, which the reconcile loop reports as the adapter's error.
 */
export const KAFKA_ADAPTER_CONFIG_ENV = 'HERALD_KAFKA_ADAPTER_CONFIG';

/** The runtime's ready file (`runtime.json`: `{ pid, httpPort, mqttPort, version }`), read to find its admin API. */
export const KAFKA_ADAPTER_RUNTIME_INFO_ENV = 'HERALD_RUNTIME_INFO_FILE';

export const kafkaAdapterProcessConfigSchema = z.object({
  adapterId: z.string().min(1),
  label: z.string(),
  /** Milliseconds between reconnection attempts to a cluster that is away. */
  reconnectInterval: z.number().int().nonnegative(),
  haEnabled: z.boolean(),
  /** Which member of a high-availability pair this process is (1 without HA): both join the same consumer groups. */
  member: z.number().int().min(1).max(2),
  clusters: z.array(kafkaClusterSchema),
  services: z.array(kafkaServiceSchema),
});
export type KafkaAdapterProcessConfig = z.infer<typeof kafkaAdapterProcessConfigSchema>;
