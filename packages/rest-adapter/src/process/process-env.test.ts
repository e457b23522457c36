import { describe, expect, it } from 'vitest';
import { parseRestAdapterEnv, POLL_DEFAULTS } from './process-env';

const SECRET = 'p4ssw0rd-never-shown';
const config = {
  adapterId: 'rest-1',
  apis: [
    {
      id: 'api-1',
      label: 'Prices',
      headers: [{ name: 'X-Key', value: SECRET }],
      baseUrl: 'https://api.example.com',
      baseTopicPath: 'prices',
      authentication: { type: 'basic', username: 'ann', password: SECRET },
      queryParameters: [],
      endpoints: [
        { id: 'e1', path: '/eur', topicPath: null, pollIntervalMs: 1_000, valuePointer: null },
      ],
    },
  ],
};
const base = {
  HERALD_WORKLOAD_ID: 'svc.rest-adapter',
  HERALD_SERVICE_ID: 'svc',
  HERALD_ADAPTER_ID: 'rest-1',
  HERALD_VERSION: '6.11.0',
  HERALD_DATA_DIR: '/tmp/x',
  HERALD_READY_FILE: '/tmp/x/rest-adapter.json',
  HERALD_MQTT_URL: 'mqtt://127.0.0.1:1883',
  HERALD_MQTT_USERNAME: 'rest-adapter:rest-1',
  HERALD_MQTT_PASSWORD: 'token',
  HERALD_RUNTIME_INFO_FILE: '/tmp/x/runtime.json',
  HERALD_REST_ADAPTER_CONFIG: JSON.stringify(config),
};

describe('parseRestAdapterEnv', () => {
  it('reads the settings, the allow list and the default limits', () => {
    const parsed = parseRestAdapterEnv({
      ...base,
      REST_ADAPTER_ALLOWED_HOSTS: 'localhost:8080, [::1]',
    });
    expect(parsed.ok && parsed.env.allowedHosts).toEqual([
      { host: 'localhost', port: 8080 },
      { host: '::1', port: null },
    ]);
    expect(parsed.ok && parsed.env.limits).toEqual(POLL_DEFAULTS);
    expect(parsed.ok && parsed.env.config.apis[0]?.endpoints[0]?.id).toBe('e1');
  });

  it.each([
    [
      'settings of the wrong shape',
      {
        HERALD_REST_ADAPTER_CONFIG: JSON.stringify({
          ...config,
          apis: [{ ...config.apis[0], baseUrl: 3 }],
        }),
      },
      'HERALD_REST_ADAPTER_CONFIG: apis.0.baseUrl: Invalid input: expected string, received number',
    ],
    [
      'settings that are not JSON',
      { HERALD_REST_ADAPTER_CONFIG: '{' },
      'HERALD_REST_ADAPTER_CONFIG: must be JSON',
    ],
    [
      'settings of another adapter',
      { HERALD_ADAPTER_ID: 'rest-2' },
      'HERALD_REST_ADAPTER_CONFIG.adapterId is not HERALD_ADAPTER_ID',
    ],
    [
      'an allow list entry that is no host',
      { REST_ADAPTER_ALLOWED_HOSTS: 'http://x/' },
      'REST_ADAPTER_ALLOWED_HOSTS: "http://x/" is not a host or host:port (an IPv6 address goes in brackets)',
    ],
    ['a timeout of zero', { HERALD_REST_POLL_TIMEOUT_MS: '0' }, 'HERALD_REST_POLL_TIMEOUT_MS: '],
    ['no settings', { HERALD_REST_ADAPTER_CONFIG: '' }, 'HERALD_REST_ADAPTER_CONFIG: '],
  ])('refuses %s, naming it and never a secret', (_name, change, message) => {
    const parsed = parseRestAdapterEnv({ ...base, ...change });
    expect(parsed.ok).toBe(false);
    const text = parsed.ok ? '' : parsed.message;
    expect(text.startsWith(`Invalid REST adapter environment: ${message}`)).toBe(true);
    expect(text).not.toContain(SECRET);
  });
});
