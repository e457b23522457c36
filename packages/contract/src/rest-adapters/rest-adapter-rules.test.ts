import { describe, expect, it } from 'vitest';
import {
  REST_ADAPTER_MESSAGES,
  mergeRestAuthentication,
  restAdapterDesiredRunning,
  restAdapterVersionChoice,
  restAdapterVersionsFor,
  restEndpointSettings,
  restProcessAuthentication,
} from './rest-adapter-rules';
import type { StoredRestAuthentication } from './rest-adapter-rules';

const versions = [
  { tag: '1.0', type: 'rest-gateway', eol: false, minHeraldVersion: '6.8', maxHeraldVersion: null },
  {
    tag: '1.2',
    type: 'rest-gateway',
    eol: false,
    minHeraldVersion: '6.10',
    maxHeraldVersion: null,
  },
  {
    tag: '1.1',
    type: 'rest-gateway',
    eol: false,
    minHeraldVersion: '6.8',
    maxHeraldVersion: '6.9',
  },
  { tag: '0.9', type: 'rest-gateway', eol: true, minHeraldVersion: '6.8', maxHeraldVersion: null },
  {
    tag: '3.0',
    type: 'kafka-gateway',
    eol: false,
    minHeraldVersion: '6.8',
    maxHeraldVersion: null,
  },
];

describe('restAdapterVersionsFor (section 5)', () => {
  it.each([
    ['6.7', []],
    ['6.8', ['1.1', '1.0']],
    ['6.10', ['1.2', '1.0']],
  ])(
    'offers a %s service %j, newest first, only rest-gateway and not end-of-life',
    (service, tags) => {
      expect(restAdapterVersionsFor(versions, service).map((item) => item.tag)).toEqual(tags);
    },
  );
});

describe('restAdapterVersionChoice', () => {
  it.each([
    ['6.10', undefined, undefined, { ok: true, version: '1.2' }],
    ['6.10', undefined, '1.0', { ok: true, version: '1.0' }],
    ['6.10', '1.0', '1.2', { ok: true, version: '1.0' }],
    [
      '6.10',
      '1.1',
      undefined,
      { ok: false, message: REST_ADAPTER_MESSAGES.versionNotOffered('1.1', '6.10') },
    ],
    [
      '6.10',
      '0.9',
      undefined,
      { ok: false, message: REST_ADAPTER_MESSAGES.versionNotOffered('0.9', '6.10') },
    ],
    [
      '6.10',
      '3.0',
      undefined,
      { ok: false, message: REST_ADAPTER_MESSAGES.versionNotOffered('3.0', '6.10') },
    ],
    [
      '6.7',
      undefined,
      undefined,
      { ok: false, message: REST_ADAPTER_MESSAGES.noVersionForService('6.7') },
    ],
  ] as const)(
    'service %s, requested %s, current %s: %j',
    (service, requested, current, expected) => {
      expect(restAdapterVersionChoice(versions, service, requested, current)).toEqual(expected);
    },
  );
});

describe('restAdapterDesiredRunning', () => {
  it.each([
    [true, 'running', true],
    [false, 'running', false],
    [true, 'stopped', false],
    [true, undefined, false],
  ] as const)('active %s, service %s: %s', (active, serviceDesiredState, expected) => {
    expect(restAdapterDesiredRunning({ active, serviceDesiredState })).toBe(expected);
  });
});

describe('mergeRestAuthentication (write-only secrets)', () => {
  const basic: StoredRestAuthentication = {
    type: 'basic',
    username: 'alice',
    secret: 'old-password',
  };
  const bearer: StoredRestAuthentication = { type: 'bearer', username: null, secret: 'old-token' };
  it.each([
    [
      'none replaces anything',
      { type: 'none' },
      basic,
      { type: 'none', username: null, secret: null },
    ],
    [
      'a new password replaces the stored one',
      { type: 'basic', username: 'bob', password: 'new' },
      basic,
      { type: 'basic', username: 'bob', secret: 'new' },
    ],
    [
      'no password keeps the stored one',
      { type: 'basic', username: 'bob' },
      basic,
      { type: 'basic', username: 'bob', secret: 'old-password' },
    ],
    [
      'no token keeps the stored one',
      { type: 'bearer' },
      bearer,
      { type: 'bearer', username: null, secret: 'old-token' },
    ],
    [
      'a new API with its token',
      { type: 'bearer', token: 't' },
      undefined,
      { type: 'bearer', username: null, secret: 't' },
    ],
  ] as const)('%s', (_name, input, stored, expected) => {
    expect(mergeRestAuthentication(input, stored)).toEqual({ ok: true, authentication: expected });
  });

  it.each([
    [
      'a type change to bearer without its token',
      { type: 'bearer' },
      basic,
      'authentication.token',
    ],
    [
      'a type change to basic without its password',
      { type: 'basic', username: 'a' },
      bearer,
      'authentication.password',
    ],
    [
      'a new API without its password',
      { type: 'basic', username: 'a' },
      undefined,
      'authentication.password',
    ],
  ] as const)('refuses %s naming the field', (_name, input, stored, field) => {
    const result = mergeRestAuthentication(input, stored);
    expect(result).toMatchObject({ ok: false, field });
    expect(result.ok || result.message).toMatch(/is required/);
  });
});

describe('restProcessAuthentication', () => {
  it.each([
    [{ type: 'none', username: null, secret: null }, { type: 'none' }],
    [
      { type: 'basic', username: 'alice', secret: 'pw' },
      { type: 'basic', username: 'alice', password: 'pw' },
    ],
    [
      { type: 'bearer', username: null, secret: 'tk' },
      { type: 'bearer', token: 'tk' },
    ],
  ] as const)('%j → %j', (stored, expected) => {
    expect(restProcessAuthentication(stored)).toEqual(expected);
  });
});

describe('restEndpointSettings', () => {
  it('fills the default interval and nulls for what is not given', () => {
    expect(restEndpointSettings({ path: '/v1/prices' })).toEqual({
      path: '/v1/prices',
      topicPath: null,
      pollIntervalMs: 60_000,
      valuePointer: null,
    });
  });
  it('keeps what is given; an empty pointer means the whole response', () => {
    expect(
      restEndpointSettings({
        path: '/a',
        topicPath: 'x/y',
        pollIntervalMs: 5000,
        valuePointer: '',
      }),
    ).toMatchObject({ topicPath: 'x/y', pollIntervalMs: 5000, valuePointer: null });
    expect(restEndpointSettings({ path: '/a', valuePointer: '$.data' }).valuePointer).toBe(
      '$.data',
    );
  });
});
