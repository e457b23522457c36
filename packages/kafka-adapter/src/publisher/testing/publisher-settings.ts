import type { KafkaPublisher } from '@herald/contract/kafka/kafka-adapter.schema';
import { KAFKA_PUBLISHER_DEFAULTS } from '@herald/contract/kafka/kafka-service-defaults';

/** A publisher as the API lists one, with the contract's defaults and the given changes. */
export function publisherSettings(
  changes: Partial<KafkaPublisher> & { selector: string },
): KafkaPublisher {
  const { selector, ...rest } = changes;
  return {
    id: 'publisher-1',
    type: 'PUBLISHING_SERVICE',
    clusterId: 'cluster-1',
    label: 'test publisher',
    kafkaTopicPattern: KAFKA_PUBLISHER_DEFAULTS.kafkaTopicPattern,
    keyValue: KAFKA_PUBLISHER_DEFAULTS.keyValue,
    valueType: KAFKA_PUBLISHER_DEFAULTS.valueType,
    framework: { heraldTopicSelector: selector, updateTimeoutMs: 5_000 },
    payloadConverters: [],
    ...rest,
  };
}
