import { describe, expect, it } from 'vitest';
import {
  configurationFromForm,
  configurationToForm,
  dataTypeFromForm,
  dataTypeToForm,
  listFromForm,
  listToForm,
  securityProtocolFromForm,
  securityProtocolToForm,
} from './kafka-form';

describe('security protocol: lower case in the API, upper case in the form', () => {
  it.each([
    ['plaintext', 'PLAINTEXT'],
    ['ssl', 'SSL'],
    ['sasl_plaintext', 'SASL_PLAINTEXT'],
    ['sasl_ssl', 'SASL_SSL'],
  ] as const)('%s ↔ %s', (wire, form) => {
    expect(securityProtocolToForm(wire)).toBe(form);
    expect(securityProtocolFromForm(form)).toEqual({ ok: true, value: wire });
  });

  it('refuses an unknown protocol, naming the choices', () => {
    expect(securityProtocolFromForm('TLS')).toEqual({
      ok: false,
      message: 'Security protocol "TLS" is not one of PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL',
    });
  });
});

describe('value type: upper case in the API, lower case in the form', () => {
  it.each([
    ['STRING', 'string'],
    ['JSON', 'json'],
    ['INTEGER', 'integer'],
    ['LONG', 'long'],
    ['DOUBLE', 'double'],
    ['BYTE_ARRAY', 'byte_array'],
  ] as const)('%s ↔ %s', (wire, form) => {
    expect(dataTypeToForm(wire)).toBe(form);
    expect(dataTypeFromForm(form)).toEqual({ ok: true, value: wire });
  });

  it('refuses an unknown type', () => {
    expect(dataTypeFromForm('avro')).toMatchObject({
      ok: false,
      message: expect.stringContaining('"avro" is not one of string, json'),
    });
  });
});

describe('lists: comma-separated in the form', () => {
  it.each([
    ['prices, trades', ['prices', 'trades']],
    [' prices ,trades,', ['prices', 'trades']],
    ['a,,b', ['a', 'b']],
    ['', []],
    ['only', ['only']],
  ])('%j → %j', (text, list) => {
    expect(listFromForm(text)).toEqual(list);
  });

  it('joins a list with a comma and a space, and reads it back', () => {
    expect(listToForm(['host-1:9092', 'host-2:9092'])).toBe('host-1:9092, host-2:9092');
    expect(listFromForm(listToForm(['a', 'b']))).toEqual(['a', 'b']);
  });
});

describe('configuration: JSON text in the form', () => {
  it.each([
    ['{"linger.ms": "5"}', { 'linger.ms': '5' }],
    [
      '{"linger.ms": 5, "enable.idempotence": true}',
      { 'linger.ms': '5', 'enable.idempotence': 'true' },
    ],
    ['  ', {}],
    ['{}', {}],
  ])('%s → %j', (text, configuration) => {
    expect(configurationFromForm(text)).toEqual({ ok: true, value: configuration });
  });

  it.each([
    ['{"a": ', 'Configuration is not valid JSON'],
    ['["a"]', 'Configuration must be a JSON object of setting names and values'],
    ['"a"', 'Configuration must be a JSON object of setting names and values'],
    ['{"a": {"b": 1}}', 'Configuration setting "a" must be text, a number or true/false'],
    ['{"a": null}', 'Configuration setting "a" must be text, a number or true/false'],
  ])('%s is refused: %s', (text, message) => {
    const result = configurationFromForm(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toContain(message);
  });

  it('round-trips through the form', () => {
    const configuration = { 'schema.registry.url': 'http://registry.local:8081', acks: 'all' };
    expect(configurationFromForm(configurationToForm(configuration))).toEqual({
      ok: true,
      value: configuration,
    });
  });
});
