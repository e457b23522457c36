import { HIDDEN_PASSWORD_PLACEHOLDER } from '@herald/contract/constants';
import type { KafkaAdapterProcessConfig } from '@herald/contract/kafka/kafka-adapter-process';
import { SCHEMA_REGISTRY_CONFIG_KEYS } from '@herald/contract/kafka/kafka-adapter.schema';
import type {
  KafkaAdapterRecord,
  KafkaCluster,
  KafkaService,
  kafkaClusterInputSchema,
  kafkaPublisherInputSchema,
  kafkaSubscriberInputSchema,
} from '@herald/contract/kafka/kafka-adapter.schema';
import { kafkaAdapterStatus } from '@herald/contract/kafka/kafka-adapter-rules';
import {
  mergeClusterSecrets,
  parseUserInfo,
  redactClusterSecrets,
} from '@herald/contract/kafka/kafka-secrets';
import type { z } from 'zod';
import type { SecretBox } from '../service-api/client-secret';
import type {
  KafkaAdapterTree,
  KafkaClusterRow,
  KafkaServiceRow,
} from './kafka-adapter.repository';

const USER_INFO = SCHEMA_REGISTRY_CONFIG_KEYS.basicAuthUserInfo;

export type ClusterInput = z.output<typeof kafkaClusterInputSchema>;
export type PublisherInput = z.output<typeof kafkaPublisherInputSchema>;
export type SubscriberInput = z.output<typeof kafkaSubscriberInputSchema>;

/** A stored cluster with its secrets decrypted: for the adapter process and the connection test only. */
export function clusterInClear(row: KafkaClusterRow, box: SecretBox): KafkaCluster {
  const configuration = { ...row.configuration };
  if (row.schemaRegistryUserInfoEncrypted !== null) {
    configuration[USER_INFO] = box.decrypt(row.schemaRegistryUserInfoEncrypted);
  }
  return {
    id: row.id,
    label: row.label,
    kafkaBrokerAddresses: row.brokerAddresses,
    configuration,
    authentication: {
      ...row.authentication,
      ...(row.passwordEncrypted !== null && { password: box.decrypt(row.passwordEncrypted) }),
    },
  };
}

/**
 * The columns of a cluster from its input, its secrets sealed. An update is merged with the stored secrets first
 * (section 5: no password keeps the stored one; a schema registry user info whose password is empty, or the
 * placeholder, keeps the stored password).
 */
export function clusterColumns(
  input: ClusterInput,
  box: SecretBox,
  stored?: KafkaCluster,
): Pick<
  KafkaClusterRow,
  | 'label'
  | 'brokerAddresses'
  | 'configuration'
  | 'authentication'
  | 'passwordEncrypted'
  | 'schemaRegistryUserInfoEncrypted'
> {
  const sentConfiguration = { ...input.configuration };
  const sentUserInfo = sentConfiguration[USER_INFO];
  if (sentUserInfo !== undefined) {
    const { user, password } = parseUserInfo(sentUserInfo);
    if (password === HIDDEN_PASSWORD_PLACEHOLDER) sentConfiguration[USER_INFO] = `${user}:`;
  }
  const update = { authentication: input.authentication, configuration: sentConfiguration };
  const merged = stored ? mergeClusterSecrets(stored, update) : update;
  const { [USER_INFO]: userInfo, ...configuration } = merged.configuration;
  const { password, ...authentication } = merged.authentication;
  return {
    label: input.label,
    brokerAddresses: input.kafkaBrokerAddresses,
    configuration,
    authentication,
    passwordEncrypted: password === undefined || password === '' ? null : box.encrypt(password),
    schemaRegistryUserInfoEncrypted: userInfo === undefined ? null : box.encrypt(userInfo),
  };
}

/** A publisher's or subscriber's stored settings: its input without the label (which has a column). */
export function publisherSettings(input: PublisherInput): Record<string, unknown> {
  const { label: _label, ...settings } = input;
  return settings;
}

export function subscriberSettings(input: SubscriberInput): Record<string, unknown> {
  const { label: _label, topicProperties, ...settings } = input;
  return {
    ...settings,
    topicProperties: {
      ...topicProperties,
      timeSeriesRetainedRange: topicProperties.timeSeriesRetainedRange ?? null,
      timeSeriesSubscriptionRange: topicProperties.timeSeriesSubscriptionRange ?? null,
    },
  };
}

export function toKafkaService(row: KafkaServiceRow): KafkaService {
  return {
    ...row.settings,
    id: row.id,
    type: row.type,
    clusterId: row.clusterId,
    label: row.label,
  } as KafkaService;
}

/** An adapter as GET /gateway-kafka-adapters lists it: every stored secret replaced by the placeholder. */
export function toKafkaAdapterRecord(tree: KafkaAdapterTree, box: SecretBox): KafkaAdapterRecord {
  const { adapter } = tree;
  return {
    id: adapter.id,
    version: adapter.version,
    label: adapter.label,
    reconnectInterval: adapter.reconnectInterval,
    active: adapter.active,
    haEnabled: adapter.haEnabled,
    kafkaClusterConfigs: tree.clusters.map((row) => redactClusterSecrets(clusterInClear(row, box))),
    kafkaServices: tree.services.map(toKafkaService),
    status: kafkaAdapterStatus(adapter.status, adapter.member2Status, adapter.haEnabled),
  };
}

/** What the adapter process is started with (contract kafka-adapter-process.ts): its secrets in clear. */
export function toProcessConfig(
  tree: KafkaAdapterTree,
  box: SecretBox,
  member: 1 | 2,
): KafkaAdapterProcessConfig {
  const { adapter } = tree;
  return {
    adapterId: adapter.id,
    label: adapter.label,
    reconnectInterval: adapter.reconnectInterval,
    haEnabled: adapter.haEnabled,
    member,
    clusters: tree.clusters.map((row) => clusterInClear(row, box)),
    services: tree.services.map(toKafkaService),
  };
}
