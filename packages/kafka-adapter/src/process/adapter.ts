import mqtt, { type MqttClient } from 'mqtt';
import type { KafkaPublisher, KafkaSubscriber } from '@herald/contract/kafka/kafka-adapter.schema';
import type { Logger } from '@herald/runtime/log';
import { buildConverterChain } from '../converters/converter-chain';
import { messageOf } from '../converters/conversion-error';
import {
  SchemaRegistryClient,
  schemaRegistryOptionsFrom,
} from '../converters/schema-registry-client';
import { startPublisher, type PublisherHandle } from '../publisher/publisher';
import { createRuntimeAdmin } from '@herald/adapter-kit/runtime-admin';
import { startSubscriber, type SubscriberHandle } from '../subscriber/subscriber';
import { createTopicEnsurer, type TopicEnsurer } from '../subscriber/topic-ensurer';
import type { AdapterState, PublisherState, SubscriberState } from './adapter-state';
import { watchClusters } from './cluster-watch';
import type { AdapterProcessEnv } from './process-env';

/**
 * One adapter member at work (docs/decisions/048): one MQTT connection to its service's runtime (its own credential,
 * a persistent session under a client id stable per adapter member, reconnecting forever), the clusters watched,
 * a subscriber engine per subscriber and the publisher engine per publisher. A subscriber or publisher that cannot
 * start is logged and shown in /state; the others go on.
 */
export interface RunningAdapter {
  state(): AdapterState;
  stop(): Promise<void>;
}

/** Between two connection attempts to the runtime (a restart takes a second or two). */
const MQTT_RECONNECT_MS = 1_000;

function connectMqtt(env: AdapterProcessEnv, log: Logger, onReconnected: () => void): MqttClient {
  const clientId = `kafka-adapter-${env.adapterId}-${env.config.member}`;
  const client = mqtt.connect(env.mqttUrl, {
    clientId,
    username: env.mqttUsername,
    password: env.mqttPassword,
    clean: false,
    reconnectPeriod: MQTT_RECONNECT_MS,
    connectTimeout: 5_000,
    keepalive: 30,
  });
  let wasConnected = false;
  let lastProblem = '';
  client.on('connect', () => {
    lastProblem = '';
    log.info(wasConnected ? 'Connected to the service again.' : 'Connected to the service.', {
      clientId,
    });
    if (wasConnected) onReconnected();
    wasConnected = true;
  });
  client.on('offline', () => {
    if (lastProblem === '')
      log.warn('The service is not reachable; records wait and are sent once it is back.');
    lastProblem ||= 'offline';
  });
  client.on('error', (error) => {
    // A refused credential or a closed port: said once until the next success.
    if (error.message === lastProblem) return;
    lastProblem = error.message;
    log.warn(`The service refused or dropped the connection: ${error.message}`);
  });
  return client;
}

export async function startAdapter(env: AdapterProcessEnv, log: Logger): Promise<RunningAdapter> {
  const { config } = env;
  const clusters = config.clusters.map((cluster) => ({ ...cluster }));
  const clusterOf = (id: string) => clusters.find((cluster) => cluster.id === id);
  const watch = watchClusters(clusters, { reconnectIntervalMs: config.reconnectInterval, log });
  const admin = createRuntimeAdmin({ infoFile: env.runtimeInfoFile, token: env.mqttPassword });
  const ensurers: TopicEnsurer[] = [];
  const client = connectMqtt(env, log, () => ensurers.forEach((ensurer) => ensurer.forget()));
  const clientId = `kafka-adapter-${env.adapterId}-${config.member}`;

  const subscribers = new Map<string, { handle: SubscriberHandle | null; error?: string }>();
  const publishers = new Map<string, { handle: PublisherHandle | null; error?: string }>();

  async function runSubscriber(subscriber: KafkaSubscriber) {
    const cluster = clusterOf(subscriber.clusterId);
    try {
      if (cluster === undefined)
        throw new Error(`its cluster "${subscriber.clusterId}" is not in the adapter`);
      const registryOptions = schemaRegistryOptionsFrom(cluster.configuration);
      const chain = buildConverterChain(subscriber.payloadConverters, {
        registry: registryOptions === null ? null : new SchemaRegistryClient(registryOptions),
      });
      const topics = createTopicEnsurer(admin, subscriber);
      ensurers.push(topics);
      const handle = await startSubscriber({
        subscriber,
        cluster,
        mqtt: client,
        topics,
        chain,
        log,
        clientId,
        reconnectIntervalMs: config.reconnectInterval,
        link: watch.link(cluster.id),
      });
      subscribers.set(subscriber.id, { handle });
    } catch (error) {
      const reason = messageOf(error);
      log.error(`Subscriber "${subscriber.label}" did not start: ${reason}`, {
        subscriber: subscriber.id,
      });
      subscribers.set(subscriber.id, { handle: null, error: reason });
    }
  }

  async function runPublisher(publisher: KafkaPublisher) {
    const cluster = clusterOf(publisher.clusterId);
    try {
      if (cluster === undefined)
        throw new Error(`its cluster "${publisher.clusterId}" is not in the adapter`);
      const handle = await startPublisher({ publisher, cluster, mqtt: client, log, clientId });
      publishers.set(publisher.id, { handle });
    } catch (error) {
      const reason = messageOf(error);
      log.error(`Publisher "${publisher.label}" did not start: ${reason}`, {
        publisher: publisher.id,
      });
      publishers.set(publisher.id, { handle: null, error: reason });
    }
  }

  for (const service of config.services) {
    if (service.type === 'SUBSCRIPTION_SERVICE') subscribers.set(service.id, { handle: null });
    else publishers.set(service.id, { handle: null });
  }
  await Promise.all(
    config.services.map((service) =>
      service.type === 'SUBSCRIPTION_SERVICE' ? runSubscriber(service) : runPublisher(service),
    ),
  );

  return {
    state() {
      const subscriberStates: SubscriberState[] = [...subscribers].map(
        ([id, { handle, error }]) => {
          const stats = handle?.stats();
          const lagByPartition = stats?.lag ?? {};
          return {
            id,
            lag: Object.values(lagByPartition).reduce((sum, lag) => sum + lag, 0),
            lagByPartition,
            ratePerSecond: stats?.ratePerSecond ?? 0,
            consumed: stats?.consumed ?? 0,
            published: stats?.published ?? 0,
            failed: stats?.failed ?? 0,
            samples: handle?.samples() ?? [],
            ...(error === undefined ? {} : { error }),
          };
        },
      );
      const publisherStates: PublisherState[] = [...publishers].map(([id, { handle, error }]) => ({
        id,
        ...(handle?.stats() ?? { produced: 0, failed: 0, buffered: 0, ratePerSecond: 0 }),
        ...(error === undefined ? {} : { error }),
      }));
      return {
        clusters: watch.states(),
        subscribers: subscriberStates,
        publishers: publisherStates,
      };
    },
    async stop() {
      watch.stop();
      const handles = [...subscribers.values(), ...publishers.values()].flatMap(({ handle }) =>
        handle === null ? [] : [handle],
      );
      await Promise.allSettled(handles.map((handle) => handle.stop()));
      await client.endAsync(true);
    },
  };
}
