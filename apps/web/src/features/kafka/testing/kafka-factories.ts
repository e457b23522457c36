import { routes } from '@herald/contract/api/routes';
import type { KafkaAdapterState } from '@herald/contract/kafka/kafka-adapter-state';
import type {
  KafkaAdapterRecord,
  KafkaCluster,
  KafkaPublisher,
  KafkaSubscriber,
} from '@herald/contract/kafka/kafka-adapter.schema';
import { HIDDEN_PASSWORD_PLACEHOLDER } from '@herald/contract/constants';
import { SERVICE_MESSAGES } from '@herald/contract/messages';
import { apiErrorResponse, handle, type MockHandler } from '../../../testing/api-mock';
import {
  renderServicePage,
  type RenderServicePageOptions,
} from '../../../testing/render-service-page';

export function buildCluster(overrides: Partial<KafkaCluster> = {}): KafkaCluster {
  return {
    id: 'c-1',
    label: 'Main cluster',
    kafkaBrokerAddresses: ['broker-1:9092', 'broker-2:9092'],
    configuration: {},
    authentication: {
      securityProtocol: 'sasl_plaintext',
      saslMechanism: 'PLAIN',
      userName: 'ada',
      password: HIDDEN_PASSWORD_PLACEHOLDER,
    },
    ...overrides,
  };
}

export function buildPublisher(overrides: Partial<KafkaPublisher> = {}): KafkaPublisher {
  return {
    id: 'p-1',
    type: 'PUBLISHING_SERVICE',
    clusterId: 'c-1',
    label: 'Sensors out',
    kafkaTopicPattern: '${topic}',
    keyValue: null,
    valueType: 'STRING',
    framework: { heraldTopicSelector: '?sensors//', updateTimeoutMs: 30_000 },
    payloadConverters: [],
    ...overrides,
  };
}

export function buildSubscriber(overrides: Partial<KafkaSubscriber> = {}): KafkaSubscriber {
  return {
    id: 's-1',
    type: 'SUBSCRIPTION_SERVICE',
    clusterId: 'c-1',
    label: 'Prices in',
    regexSubscription: false,
    kafkaTopics: ['prices', 'trades'],
    consumerGroupId: 'herald-prices',
    consumerCount: 1,
    keyType: 'STRING',
    valueType: 'STRING',
    heraldTopicPattern: 'kafka/${topic}/${partition}',
    createTopicHierarchy: false,
    pollTimeout: 500,
    framework: { publicationRetries: 3, retryIntervalMs: 1000 },
    topicProperties: {
      persistencePolicy: 'SERVER',
      timeSeries: false,
      timeSeriesRetainedRange: null,
      timeSeriesSubscriptionRange: null,
      publishesValueOnly: false,
      doNotRetainValue: false,
    },
    payloadConverters: [],
    ...overrides,
  };
}

export function buildAdapter(overrides: Partial<KafkaAdapterRecord> = {}): KafkaAdapterRecord {
  return {
    id: 'ka-1',
    version: '1.0',
    label: 'Orders',
    reconnectInterval: 5000,
    active: true,
    haEnabled: false,
    kafkaClusterConfigs: [buildCluster()],
    kafkaServices: [buildPublisher(), buildSubscriber()],
    ...overrides,
  };
}

export function buildState(overrides: Partial<KafkaAdapterState> = {}): KafkaAdapterState {
  return {
    running: true,
    status: 'RUNNING',
    clusters: [{ id: 'c-1', connected: true }],
    subscribers: [{ id: 's-1', lag: 12, ratePerSecond: 4.5, samples: [] }],
    publishers: [{ id: 'p-1', produced: 30, failed: 0, buffered: 0, ratePerSecond: 2 }],
    ...overrides,
  };
}

export interface KafkaServerState {
  adapters: KafkaAdapterRecord[];
  state: KafkaAdapterState;
}

/** The list, the live state and "no scheduled upgrade", answered from `server` (tests change it as the server would). */
export function kafkaHandlers(server: KafkaServerState): MockHandler[] {
  return [
    handle(routes.listKafkaAdapters, () => ({ status: 200, body: server.adapters })),
    handle(routes.getKafkaAdapterState, () => ({ status: 200, body: server.state })),
    handle(routes.getAdapterScheduledUpgrade, () =>
      apiErrorResponse(404, SERVICE_MESSAGES.noScheduledUpdateForAdapter),
    ),
  ];
}

export function renderKafka(
  path: string,
  server: KafkaServerState,
  handlers: MockHandler[] = [],
  options: Omit<RenderServicePageOptions, 'handlers'> = {},
) {
  return renderServicePage(path, { ...options, handlers: [...handlers, ...kafkaHandlers(server)] });
}
