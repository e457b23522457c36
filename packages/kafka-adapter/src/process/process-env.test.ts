import { describe, expect, it } from 'vitest';
import { parseAdapterEnv } from './process-env';

const config = {
  adapterId: 'adapter-1',
  label: 'Orders',
  reconnectInterval: 1000,
  haEnabled: false,
  member: 1,
  clusters: [
    {
      id: 'c1',
      label: 'Main',
      kafkaBrokerAddresses: ['kafka:9092'],
      configuration: {},
      authentication: {
        securityProtocol: 'sasl_plaintext',
        saslMechanism: 'PLAIN',
        userName: 'u',
        password: 'p4ss-in-clear',
      },
    },
  ],
  services: [],
};

const valid: Record<string, string> = {
  HERALD_WORKLOAD_ID: 'svc.kafka-adapter-adapter-1',
  HERALD_SERVICE_ID: 'svc',
  HERALD_ADAPTER_ID: 'adapter-1',
  HERALD_VERSION: '6.11.0',
  HERALD_DATA_DIR: '/data/services/svc',
  HERALD_READY_FILE: '/data/services/svc/kafka-adapter-adapter-1.json',
  HERALD_MQTT_URL: 'mqtt://127.0.0.1:21883',
  HERALD_MQTT_USERNAME: 'kafka-adapter:adapter-1',
  HERALD_MQTT_PASSWORD: 'a.b.c',
  HERALD_KAFKA_ADAPTER_CONFIG: JSON.stringify(config),
  HERALD_RUNTIME_INFO_FILE: '/data/services/svc/runtime.json',
};

describe('parseAdapterEnv', () => {
  it('reads what createAdapterKind and the Kafka kind give, with the optional keys unset', () => {
    const parsed = parseAdapterEnv({ ...valid, HERALD_JWKS: '' });
    expect(parsed).toMatchObject({
      ok: true,
      env: {
        adapterId: 'adapter-1',
        mqttUrl: 'mqtt://127.0.0.1:21883',
        runtimeInfoFile: '/data/services/svc/runtime.json',
        jwks: null,
        metricsToken: null,
        httpPort: 0,
        config: { member: 1, clusters: [{ authentication: { password: 'p4ss-in-clear' } }] },
      },
    });
  });

  it.each<[string, Record<string, string | undefined>, string]>([
    ['a missing variable', { HERALD_READY_FILE: undefined }, 'HERALD_READY_FILE'],
    [
      'an MQTT URL without a port',
      { HERALD_MQTT_URL: 'mqtt://runtime' },
      'HERALD_MQTT_URL: must be mqtt://host:port',
    ],
    [
      'configuration that is not JSON',
      { HERALD_KAFKA_ADAPTER_CONFIG: '{' },
      'HERALD_KAFKA_ADAPTER_CONFIG: must be JSON',
    ],
    [
      'a configuration of the wrong shape',
      { HERALD_KAFKA_ADAPTER_CONFIG: JSON.stringify({ ...config, member: 3 }) },
      'HERALD_KAFKA_ADAPTER_CONFIG: member:',
    ],
    [
      'a configuration of another adapter',
      { HERALD_KAFKA_ADAPTER_CONFIG: JSON.stringify({ ...config, adapterId: 'adapter-2' }) },
      'HERALD_KAFKA_ADAPTER_CONFIG.adapterId is not HERALD_ADAPTER_ID',
    ],
    [
      'a key set that is not one',
      { HERALD_JWKS: '{"kty":"EC"}' },
      'HERALD_JWKS: must be a JSON Web Key Set',
    ],
    ['a short metrics token', { HERALD_METRICS_TOKEN: 'short' }, 'HERALD_METRICS_TOKEN'],
  ])('refuses %s, naming it and never a secret', (_case, change, named) => {
    const env = { ...valid, ...change };
    for (const [name, value] of Object.entries(change)) if (value === undefined) delete env[name];
    const parsed = parseAdapterEnv(env);
    expect(parsed.ok).toBe(false);
    const message = parsed.ok ? '' : parsed.message;
    expect(message).toContain(named);
    expect(message).not.toContain('p4ss-in-clear');
    expect(message).not.toContain('a.b.c');
  });
});
