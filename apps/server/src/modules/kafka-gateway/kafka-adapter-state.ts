import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { KafkaAdapterState } from '@herald/contract/kafka/kafka-adapter-state';
import { kafkaAdapterProcessStateSchema } from '@herald/contract/kafka/kafka-adapter-state';
import { SERVICE_TOKEN_SCOPES } from '@herald/contract/services/service-token';
import { kafkaAdapterStatus } from '@herald/contract/kafka/kafka-adapter-rules';
import type { FastifyInstance } from 'fastify';
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
    const file = path.join(
      app.config.dataDir,
      'services',
      row.id,
      `${kafkaAdapterFileStem(adapter.id)}.json`,
    );
    const { httpPort } = JSON.parse(await readFile(file, 'utf8')) as { httpPort: number };
    const { token } = await app.tokens.signServiceToken({
      serviceId: row.id,
      subject: `${KAFKA_ADAPTER_KIND_NAME}:${adapter.id}`,
      scope: SERVICE_TOKEN_SCOPES.adapter,
      credentialVersion: row.credentialVersion,
      ttlSeconds: 60,
    });
    const response = await fetch(`http://127.0.0.1:${httpPort}/state`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(STATE_TIMEOUT_MS),
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
