import { Kafka, type Consumer } from 'kafkajs';
import type { MqttClient } from 'mqtt';
import type { KafkaPublisher } from '@herald/contract/kafka/kafka-adapter.schema';
export { publisherSettings } from './publisher-settings';
import {
  startKafkaMock,
  type KafkaMock,
  type KafkaMockTopic,
} from '@herald/kafka-mock/start-kafka-mock';
import { ensureRuntimeBundle } from '@herald/runtime/build/runtime-bundle';
import { connectClient } from '@herald/runtime/testing/mqtt-helpers';
import {
  killSpawnedRuntimes,
  spawnRuntime,
  type SpawnedRuntime,
} from '@herald/runtime/testing/spawn-runtime';
import {
  createTestKeys,
  testConfig,
  testDataDir,
  testEnv,
} from '@herald/runtime/testing/test-keys';
import {
  startPublisher,
  type PublisherHandle,
  type PublisherLogger,
  type StartPublisherOptions,
} from '../publisher';

/**
 * The publisher's real peers in one process, for its tests and the bench (bench/kafka-adapter.ts): librdkafka's mock
 * cluster, the built runtime spawned as the control plane spawns it, an MQTT connection standing for the adapter's
 * (the publisher's) and one for a device publishing values. A token the runtime accepts is signed with test keys,
 * as the runtime's own tests do.
 */
export interface PublisherPeers {
  kafka: KafkaMock;
  runtime: SpawnedRuntime;
  /** The adapter's connection, handed to startPublisher. */
  adapterMqtt: MqttClient;
  /** A device publishing values of our topics. */
  device: MqttClient;
  stop(): Promise<void>;
}

export async function startPublisherPeers(
  topics: readonly KafkaMockTopic[],
): Promise<PublisherPeers> {
  await ensureRuntimeBundle();
  const kafka = await startKafkaMock({ topics });
  const keys = await createTestKeys();
  const runtime = await spawnRuntime(testEnv(testConfig(keys, await testDataDir())));
  const url = `mqtt://127.0.0.1:${runtime.mqttPort}`;
  const adapterMqtt = await connectClient(url, {
    username: 'token',
    password: await keys.serviceToken(),
    clientId: 'kafka-adapter-test',
  });
  const device = await connectClient(url, {
    username: 'token',
    password: await keys.serviceToken(),
    clientId: 'device-test',
  });
  return {
    kafka,
    runtime,
    adapterMqtt,
    device,
    async stop() {
      await Promise.all([adapterMqtt.endAsync(true), device.endAsync(true)]);
      killSpawnedRuntimes();
      await kafka.stop();
    },
  };
}

/** Collects every log line, for assertions on what a person reads in the adapter's log. */
export function recordingLogger(): PublisherLogger & { lines: { level: string; msg: string }[] } {
  const lines: { level: string; msg: string }[] = [];
  return {
    lines,
    info: (msg) => lines.push({ level: 'info', msg }),
    warn: (msg) => lines.push({ level: 'warn', msg }),
    error: (msg) => lines.push({ level: 'error', msg }),
  };
}

export function startTestPublisher(
  peers: PublisherPeers,
  publisher: KafkaPublisher,
  extra: Partial<StartPublisherOptions> = {},
): Promise<PublisherHandle> {
  return startPublisher({
    publisher,
    cluster: {
      id: 'cluster-1',
      label: 'test cluster',
      kafkaBrokerAddresses: [...peers.kafka.brokers],
      authentication: { securityProtocol: 'plaintext' },
    },
    mqtt: peers.adapterMqtt,
    log: recordingLogger(),
    clientId: 'herald-kafka-adapter-test',
    ...extra,
  });
}

export interface ConsumedRecord {
  topic: string;
  key: string | null;
  value: Buffer;
}

/** A consumer of Kafka topics from their beginning, collecting every record (a group of its own). */
export interface RecordCollector {
  records: ConsumedRecord[];
  /** Resolves once `count` records have arrived (rejects after `timeoutMs`, naming how many did). */
  waitFor(count: number, timeoutMs?: number): Promise<ConsumedRecord[]>;
  stop(): Promise<void>;
}

let groups = 0;
export async function collectRecords(
  brokers: readonly string[],
  topics: readonly string[],
): Promise<RecordCollector> {
  const kafka = new Kafka({
    clientId: 'publisher-test-reader',
    brokers: [...brokers],
    logLevel: 0,
  });
  groups += 1;
  // The settings packages/kafka-mock's README gives for prompt joins against the mock.
  const consumer: Consumer = kafka.consumer({
    groupId: `publisher-test-${process.pid}-${groups}`,
    sessionTimeout: 3000,
    heartbeatInterval: 500,
    maxWaitTimeInMs: 100,
    retry: { retries: 2 },
  });
  const records: ConsumedRecord[] = [];
  let waiters: (() => void)[] = [];
  await consumer.connect();
  await consumer.subscribe({ topics: [...topics], fromBeginning: true });
  await consumer.run({
    eachMessage: ({ topic, message }) => {
      records.push({
        topic,
        key: message.key?.toString() ?? null,
        value: message.value ?? Buffer.alloc(0),
      });
      for (const wake of waiters) wake();
      return Promise.resolve();
    },
  });
  return {
    records,
    waitFor(count, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter !== check);
          reject(new Error(`${records.length} of ${count} records consumed in ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          if (records.length < count) return;
          clearTimeout(timer);
          waiters = waiters.filter((waiter) => waiter !== check);
          resolve(records.slice());
        };
        waiters.push(check);
        check();
      });
    },
    stop: () => consumer.disconnect(),
  };
}
