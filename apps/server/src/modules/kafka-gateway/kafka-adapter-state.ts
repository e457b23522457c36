import type { KafkaAdapterState } from '@herald/contract/kafka/kafka-adapter-state';
import { kafkaAdapterProcessStateSchema } from '@herald/contract/kafka/kafka-adapter-state';
import { kafkaAdapterStatus } from '@herald/contract/kafka/kafka-adapter-rules';
import type { FastifyInstance } from 'fastify';
import { callAdapterProcess } from '../service/adapter-process-client';
import type { ServiceRow } from '../service/service.repository';
import type { KafkaAdapterRow } from './kafka-adapter.repository';
import { KAFKA_ADAPTER_KIND_NAME, kafkaAdapterFileStem } from './kafka-adapter-kind';

/** The process must answer quickly: the screens poll this. */
const STATE_TIMEOUT_MS = 1500;

/**
 * GET .../{adapterId}/state: the adapter process's own `GET /state` (its first member's), asked with the adapter's
 * credential at the port its ready file names. Anything short of a valid answer from a RUNNING adapter reads
 * `running: false` with its status: the screens show the status words instead of live figures.
 */
export async function readAdapterState(
  app: FastifyInstance,
  row: ServiceRow,
  adapter: KafkaAdapterRow,
): Promise<KafkaAdapterState> {
  const status = kafkaAdapterStatus(adapter.status, adapter.member2Status, adapter.haEnabled);
  const notRunning = { running: false, status, clusters: [], subscribers: [], publishers: [] };
  if (!adapter.active || adapter.status !== 'RUNNING') return notRunning;
  try {
    const response = await callAdapterProcess(app, row, {
      fileStem: kafkaAdapterFileStem(adapter.id),
      subject: `${KAFKA_ADAPTER_KIND_NAME}:${adapter.id}`,
      path: '/state',
      timeoutMs: STATE_TIMEOUT_MS,
    });
    if (!response.ok) throw new Error(`the adapter answered ${response.status}`);
    const state = kafkaAdapterProcessStateSchema.parse(await response.json());
    return { running: true, status, ...state };
  } catch (error) {
    app.log.warn(
      { err: error, serviceId: row.id, adapterId: adapter.id },
      'adapter state unavailable',
    );
    return notRunning;
  }
}
