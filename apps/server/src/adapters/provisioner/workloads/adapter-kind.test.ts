import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../../config';
import type { ServiceTokenInput, TokenSigner } from '../../../modules/service-api/tokens';
import { logSourceOf } from '../log-files';
import { createAdapterKind } from './adapter-kind';
import type { AdapterKindDeclaration, AdapterSource } from './adapter-kind';

const signed: ServiceTokenInput[] = [];
const tokens = {
  async signServiceToken(input: ServiceTokenInput) {
    signed.push(input);
    return { token: `token-for-${input.subject}`, expiresIn: input.ttlSeconds ?? 0 };
  },
} as unknown as TokenSigner;
const context = {
  config: { dataDir: '/data', host: '127.0.0.1' } as Config,
  tokens,
  logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
};

/** What issue 27's Kafka adapter package will declare: one entry, nothing else in the provisioner. */
const kafkaExample: AdapterKindDeclaration = {
  name: 'kafka-adapter',
  fileStem: (adapterId) => `kafka-adapter-${adapterId}`,
  command: async () => ({ args: ['kafka-adapter/dist/main.mjs'], cwd: '/opt/herald' }),
  env: ({ adapter }) => ({ HERALD_KAFKA_BROKERS: String(adapter.config.brokers) }),
  identify: async (_endpoint, token) =>
    token === 'token-for-kafka-adapter:k1'
      ? { workloadId: 'svc-1.kafka-adapter-k1', pid: 42 }
      : null,
};

const source = {
  service: { id: 'svc-1', mqttPort: 21_900, credentialVersion: 4 },
  adapter: { id: 'k1', version: '1.2', config: { brokers: 'kafka:9092' } },
} as unknown as AdapterSource;

describe('an adapter workload kind from its declaration', () => {
  const kind = createAdapterKind(kafkaExample, context);

  it('has its own files beside the runtime’s, the ones the log collector reads as its stream', () => {
    const ref = kind.refOf(source);
    expect(ref).toEqual({
      id: 'svc-1.kafka-adapter-k1',
      group: 'svc-1',
      files: {
        log: 'kafka-adapter-k1.log',
        output: 'kafka-adapter-k1.out',
        info: 'kafka-adapter-k1.json',
        notes: 'kafka-adapter-k1.control.json',
      },
      marker: 'HERALD_WORKLOAD_ID=svc-1.kafka-adapter-k1',
    });
    expect(logSourceOf(ref.files.log)).toEqual({
      stream: { kind: 'kafka-adapter', adapterId: 'k1' },
      plainLevel: 'info',
    });
    // The second member of a high-availability pair (workload id `k1.member-2`) logs under the same adapter.
    const member2 = kind.refOf({ ...source, adapter: { ...source.adapter, id: 'k1.member-2' } });
    expect(logSourceOf(member2.files.log)?.stream).toEqual({
      kind: 'kafka-adapter',
      adapterId: 'k1',
    });
  });

  it('starts with its own MQTT credential to its service’s runtime and its own settings', async () => {
    const spec = await kind.launch(source);
    expect(spec.command).toEqual({ args: ['kafka-adapter/dist/main.mjs'], cwd: '/opt/herald' });
    expect(spec.version).toBe('1.2');
    expect(spec.env).toMatchObject({
      HERALD_WORKLOAD_ID: 'svc-1.kafka-adapter-k1',
      HERALD_ADAPTER_ID: 'k1',
      HERALD_LOG_FILE: '/data/services/svc-1/kafka-adapter-k1.log',
      HERALD_READY_FILE: '/data/services/svc-1/kafka-adapter-k1.json',
      HERALD_MQTT_URL: 'mqtt://127.0.0.1:21900',
      HERALD_MQTT_USERNAME: 'kafka-adapter:k1',
      HERALD_MQTT_PASSWORD: 'token-for-kafka-adapter:k1',
      HERALD_KAFKA_BROKERS: 'kafka:9092',
    });
    expect(signed.at(-1)).toMatchObject({
      serviceId: 'svc-1',
      subject: 'kafka-adapter:k1',
      credentialVersion: 4,
    });
  });

  it('is re-attached only when the process answers as this adapter with the same pid', async () => {
    const endpoint = { httpPort: 1, mqttPort: 0 };
    expect(await kind.proof(source)(endpoint, 42)).toBe(true);
    expect(await kind.proof(source)(endpoint, 43)).toBe(false);
    const other = { ...source, adapter: { ...source.adapter, id: 'k2' } };
    expect(await kind.proof(other)(endpoint, 42)).toBe(false);
  });

  it('a one-per-service adapter (REST) has the service’s one file', () => {
    const rest = createAdapterKind(
      { ...kafkaExample, name: 'rest-adapter', fileStem: () => 'rest-adapter' },
      context,
    );
    expect(rest.refOf(source).files.log).toBe('rest-adapter.log');
    expect(logSourceOf('rest-adapter.log')?.stream).toEqual({ kind: 'rest-adapter' });
  });
});
