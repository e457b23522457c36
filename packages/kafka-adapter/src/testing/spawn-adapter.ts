import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADAPTER_BUNDLE } from '../build/adapter-bundle';
import type { KafkaSubscriber } from '@herald/contract/kafka/kafka-adapter.schema';
import type { KafkaAdapterProcessConfig } from '@herald/contract/kafka/kafka-adapter-process';
import { KAFKA_SUBSCRIBER_DEFAULTS } from '@herald/contract/kafka/kafka-service-defaults';
import type { TestRuntime, TestSigner } from './test-runtime';
import { TEST_SERVICE_ID } from './test-runtime';

/**
 * Starts the adapter process (the bundle the global setup built) as the control plane's adapter kind does (the HERALD_* of createAdapterKind and the two
 * of kafka-adapter-process.ts), logging to stdout, and resolves once it logged "ready" (its ready file is written).
 */
const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const started = new Set<ChildProcess>();

export function killSpawnedAdapters(): void {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  started.clear();
}

export interface SpawnedAdapter {
  child: ChildProcess;
  httpPort: number;
  token: string;
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** GET one of its endpoints with its own token (or the one given). */
  get(path: string, token?: string | null): Promise<Response>;
  /** GET /state as JSON. */
  state(): Promise<AdapterStateBody>;
}

export interface AdapterStateBody {
  clusters: { id: string; connected: boolean; error?: string }[];
  subscribers: {
    id: string;
    lag: number;
    consumed: number;
    published: number;
    failed: number;
    error?: string;
    samples: {
      kafkaTopic: string;
      partition: number;
      offset: string;
      key: string | null;
      topicPath: string;
      value: string;
    }[];
  }[];
  publishers: { id: string; error?: string }[];
}

export function testSubscriber(
  overrides: Partial<KafkaSubscriber> & { kafkaTopics: string[] },
): KafkaSubscriber {
  return {
    id: 'sub-1',
    type: 'SUBSCRIPTION_SERVICE',
    clusterId: 'cluster-1',
    label: 'Orders in',
    regexSubscription: false,
    consumerGroupId: 'herald-test',
    consumerCount: 1,
    keyType: 'STRING',
    valueType: 'STRING',
    heraldTopicPattern: KAFKA_SUBSCRIBER_DEFAULTS.heraldTopicPattern,
    createTopicHierarchy: false,
    pollTimeout: 100,
    framework: { publicationRetries: 1, retryIntervalMs: 100 },
    topicProperties: { ...KAFKA_SUBSCRIBER_DEFAULTS.topicProperties },
    payloadConverters: [],
    ...overrides,
  };
}

export function testAdapterConfig(
  brokers: readonly string[],
  services: KafkaAdapterProcessConfig['services'],
  overrides: Partial<KafkaAdapterProcessConfig> = {},
): KafkaAdapterProcessConfig {
  return {
    adapterId: 'adapter-1',
    label: 'Test adapter',
    reconnectInterval: 500,
    haEnabled: false,
    member: 1,
    clusters: [
      {
        id: 'cluster-1',
        label: 'Mock cluster',
        kafkaBrokerAddresses: [...brokers],
        // Tests produce before the group first joins: read from the beginning.
        configuration: {
          'auto.offset.reset': 'earliest',
          'metadata.max.age.ms': '1000',
          'session.timeout.ms': '6000',
        },
        authentication: { securityProtocol: 'plaintext' },
      },
    ],
    services,
    ...overrides,
  };
}

export async function spawnAdapter(options: {
  runtime: TestRuntime;
  signer: TestSigner;
  config: KafkaAdapterProcessConfig;
  extraEnv?: Record<string, string>;
  /** Node's flags before the bundle (a bench's --cpu-prof). */
  nodeFlags?: string[];
}): Promise<SpawnedAdapter> {
  const { config, runtime, signer } = options;
  const subject = `kafka-adapter:${config.adapterId}`;
  const token = await signer.token(subject);
  const dataDir = await mkdtemp(join(tmpdir(), 'herald-kafka-adapter-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HERALD_WORKLOAD_ID: `${TEST_SERVICE_ID}.kafka-adapter-${config.adapterId}`,
    HERALD_SERVICE_ID: TEST_SERVICE_ID,
    HERALD_ADAPTER_ID: config.adapterId,
    HERALD_VERSION: '6.11.0',
    HERALD_DATA_DIR: dataDir,
    HERALD_READY_FILE: join(dataDir, `kafka-adapter-${config.adapterId}.json`),
    HERALD_MQTT_URL: `mqtt://127.0.0.1:${runtime.mqttPort}`,
    HERALD_MQTT_USERNAME: subject,
    HERALD_MQTT_PASSWORD: token,
    HERALD_KAFKA_ADAPTER_CONFIG: JSON.stringify(config),
    HERALD_RUNTIME_INFO_FILE: runtime.infoFile,
    HERALD_JWKS: JSON.stringify(signer.jwks),
    ...options.extraEnv,
  };
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ADAPTER_BUNDLE], {
    cwd: PACKAGE_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  const lines: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const httpPort = await new Promise<number>((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const record = JSON.parse(line) as { msg: string; httpPort?: number };
        if (record.msg === 'ready') resolve(record.httpPort ?? 0);
      }
    });
    void exited.then(({ code }) =>
      reject(new Error(`adapter exited with ${code} before ready: ${stderr}${lines.join('\n')}`)),
    );
  });
  const get = (path: string, bearer: string | null = token) =>
    fetch(`http://127.0.0.1:${httpPort}${path}`, {
      headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` },
    });
  return {
    child,
    httpPort,
    token,
    lines,
    exited,
    get,
    state: async () => (await (await get('/state')).json()) as AdapterStateBody,
  };
}
