import {
  KAFKA_PUBLISHER_DEFAULTS,
  KAFKA_SUBSCRIBER_DEFAULTS,
} from '@herald/contract/kafka/kafka-service-defaults';
import type { FastifyInstance } from 'fastify';
import { kafkaAdapter } from '../../../db/schema';
import { newSortableId } from '../../../lib/sortable-id';
import { insertCluster, insertKafkaService } from '../kafka-adapter.repository';

export interface TestKafkaAdapter {
  adapterId: string;
  clusterId: string;
  publisherId: string;
  subscriberId: string;
}

/**
 * An adapter with one cluster, one publisher and one subscriber, written directly (the calls that create them are
 * tested on their own): for tests of the calls that read or change them.
 */
export async function insertTestKafkaAdapter(
  app: FastifyInstance,
  serviceId: string,
  overrides: Partial<typeof kafkaAdapter.$inferInsert> = {},
): Promise<TestKafkaAdapter> {
  const adapterId = newSortableId();
  await app.db.insert(kafkaAdapter).values({
    id: adapterId,
    serviceId,
    label: 'orders',
    version: '1.0',
    reconnectInterval: 1000,
    active: false,
    ...overrides,
  });
  const cluster = await insertCluster(app.db, {
    id: newSortableId(),
    adapterId,
    label: 'main',
    brokerAddresses: ['127.0.0.1:9'],
    configuration: {},
    authentication: { securityProtocol: 'plaintext' },
    passwordEncrypted: null,
    schemaRegistryUserInfoEncrypted: null,
  });
  const publisher = await insertKafkaService(app.db, {
    id: newSortableId(),
    adapterId,
    clusterId: cluster.id,
    type: 'PUBLISHING_SERVICE',
    label: 'out',
    settings: {
      ...KAFKA_PUBLISHER_DEFAULTS,
      framework: { ...KAFKA_PUBLISHER_DEFAULTS.framework, heraldTopicSelector: '?sensors//' },
      payloadConverters: [],
    },
  });
  const subscriber = await insertKafkaService(app.db, {
    id: newSortableId(),
    adapterId,
    clusterId: cluster.id,
    type: 'SUBSCRIPTION_SERVICE',
    label: 'in',
    settings: {
      ...KAFKA_SUBSCRIBER_DEFAULTS,
      kafkaTopics: ['orders'],
      consumerGroupId: 'herald',
      payloadConverters: [],
    },
  });
  return {
    adapterId,
    clusterId: cluster.id,
    publisherId: publisher.id,
    subscriberId: subscriber.id,
  };
}
