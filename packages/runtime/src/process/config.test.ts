import { describe, expect, it } from 'vitest';
import { parseRuntimeEnv, parseRuntimeLogEnv } from './config';

const valid = {
  HERALD_SERVICE_ID: 'svc',
  HERALD_SERVICE_NAME: 'name',
  HERALD_WORKSPACE_ID: 'ws',
  HERALD_VERSION: '6.9.2',
  HERALD_DATA_DIR: '/tmp/x',
  HERALD_JWKS: '{"keys":[{"kty":"EC"}]}',
};

describe('the runtime environment', () => {
  it('applies the defaults', () => {
    const parsed = parseRuntimeEnv(valid);
    expect(parsed.ok && parsed.config).toMatchObject({
      host: '127.0.0.1',
      mqttPort: 0,
      httpPort: 0,
      credentialVersion: 1,
      topicsCapacity: 1000,
      maxMessageBytes: 1024 * 1024,
      version: '6.9.2',
    });
  });

  it.each([
    ['HERALD_SERVICE_ID', { HERALD_SERVICE_ID: '' }],
    ['HERALD_VERSION', { HERALD_VERSION: '6.12.0' }],
    ['HERALD_VERSION', { HERALD_VERSION: 'latest' }],
    ['HERALD_JWKS', { HERALD_JWKS: 'not json' }],
    ['HERALD_JWKS', { HERALD_JWKS: '{"keys":[]}' }],
    ['HERALD_MQTT_PORT', { HERALD_MQTT_PORT: '70000' }],
    ['HERALD_TOPICS_CAPACITY', { HERALD_TOPICS_CAPACITY: 'many' }],
    ['HERALD_MAX_MESSAGE_BYTES', { HERALD_MAX_MESSAGE_BYTES: '0' }],
    ['HERALD_MAX_MESSAGE_BYTES', { HERALD_MAX_MESSAGE_BYTES: String(300 * 1024 * 1024) }],
  ])('a bad value names %s', (variable, override) => {
    const parsed = parseRuntimeEnv({ ...valid, ...override });
    expect(parsed.ok ? '' : parsed.message).toContain(variable);
  });

  it('reports an unsupported version with the contract message', () => {
    const parsed = parseRuntimeEnv({ ...valid, HERALD_VERSION: '6.5.0' });
    expect(parsed.ok ? '' : parsed.message).toContain('Version 6.5.0 is not supported');
  });
});

describe('the runtime log settings', () => {
  it('log to stdout by default, and to a file of 10 MiB with 3 rotated ones when HERALD_LOG_FILE is set', () => {
    expect(parseRuntimeLogEnv({})).toEqual({
      ok: true,
      config: { file: null, maxBytes: 10 * 1024 * 1024, keep: 3 },
    });
    expect(
      parseRuntimeLogEnv({
        HERALD_LOG_FILE: '/data/runtime.log',
        HERALD_LOG_MAX_BYTES: '1048576',
        HERALD_LOG_FILES: '5',
      }),
    ).toEqual({ ok: true, config: { file: '/data/runtime.log', maxBytes: 1048576, keep: 5 } });
  });

  it.each([
    ['HERALD_LOG_MAX_BYTES', { HERALD_LOG_MAX_BYTES: '100' }],
    ['HERALD_LOG_MAX_BYTES', { HERALD_LOG_MAX_BYTES: 'big' }],
    ['HERALD_LOG_FILES', { HERALD_LOG_FILES: '21' }],
  ])('a bad value names %s', (variable, override) => {
    const parsed = parseRuntimeLogEnv(override);
    expect(parsed.ok ? '' : parsed.message).toContain(variable);
  });
});
