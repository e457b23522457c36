import { describe, expect, it } from 'vitest';
import { HIDDEN_PASSWORD_PLACEHOLDER } from '../constants';
import type { KafkaCluster } from './kafka-adapter.schema';
import {
  authenticationForRequest,
  mergeClusterSecrets,
  parseUserInfo,
  redactClusterSecrets,
  schemaRegistryUserInfoForRequest,
} from './kafka-secrets';

const stored: KafkaCluster = {
  id: 'c1',
  label: 'Main',
  kafkaBrokerAddresses: ['broker:9092'],
  configuration: {
    'schema.registry.url': 'http://registry:8081',
    'basic.auth.user.info': 'reg-user:reg-secret',
    'basic.auth.credentials.source': 'USER_INFO',
  },
  authentication: {
    securityProtocol: 'sasl_ssl',
    saslMechanism: 'PLAIN',
    userName: 'app',
    password: 'kafka-secret',
  },
};

describe('the API returns the placeholder for stored passwords', () => {
  it('hides the cluster and schema registry passwords, keeping the users', () => {
    const shown = redactClusterSecrets(stored);
    expect(shown.authentication).toEqual({
      ...stored.authentication,
      password: HIDDEN_PASSWORD_PLACEHOLDER,
    });
    expect(shown.configuration['basic.auth.user.info']).toBe(
      `reg-user:${HIDDEN_PASSWORD_PLACEHOLDER}`,
    );
    expect(JSON.stringify(shown)).not.toContain('secret');
  });

  it.each([
    ['no password', { securityProtocol: 'plaintext' as const }],
    ['an empty password', { securityProtocol: 'plaintext' as const, password: '' }],
  ])('shows no placeholder for %s', (_case, authentication) => {
    expect(redactClusterSecrets({ ...stored, authentication, configuration: {} })).toEqual({
      ...stored,
      authentication: { securityProtocol: 'plaintext' },
      configuration: {},
    });
  });
});

describe('the form sends', () => {
  it.each([
    [HIDDEN_PASSWORD_PLACEHOLDER, undefined],
    ['new-secret', 'new-secret'],
    [undefined, undefined],
  ])('cluster password %j as %j', (password, sent) => {
    const request = authenticationForRequest({
      securityProtocol: 'sasl_ssl',
      saslMechanism: 'PLAIN',
      userName: 'app',
      password,
    });
    expect(request.password).toBe(sent);
    expect('password' in request).toBe(sent !== undefined);
  });

  it.each([
    ['reg-user', HIDDEN_PASSWORD_PLACEHOLDER, 'reg-user:'],
    ['reg-user', 'other', 'reg-user:other'],
    ['reg-user', 'pa:ss', 'reg-user:pa:ss'],
  ])('schema registry user %s with password %j as %j', (user, password, userInfo) => {
    expect(schemaRegistryUserInfoForRequest(user, password)).toBe(userInfo);
  });
});

describe('the server keeps stored secrets the form left unchanged', () => {
  const update = {
    authentication: {
      securityProtocol: 'sasl_ssl' as const,
      saslMechanism: 'PLAIN' as const,
      userName: 'app',
    },
    configuration: { ...stored.configuration, 'basic.auth.user.info': 'reg-user:' },
  };

  it('keeps both stored passwords when none was sent', () => {
    expect(mergeClusterSecrets(stored, update)).toEqual({
      authentication: stored.authentication,
      configuration: stored.configuration,
    });
  });

  it('takes new passwords when they were sent', () => {
    const merged = mergeClusterSecrets(stored, {
      authentication: { ...update.authentication, password: 'new' },
      configuration: { ...update.configuration, 'basic.auth.user.info': 'reg-user:new-reg' },
    });
    expect(merged.authentication.password).toBe('new');
    expect(merged.configuration['basic.auth.user.info']).toBe('reg-user:new-reg');
  });

  it('does not give the stored registry password to another user', () => {
    const merged = mergeClusterSecrets(stored, {
      ...update,
      configuration: { ...update.configuration, 'basic.auth.user.info': 'someone-else:' },
    });
    expect(merged.configuration['basic.auth.user.info']).toBe('someone-else:');
  });
});

describe('parseUserInfo', () => {
  it.each([
    ['u:p', { user: 'u', password: 'p' }],
    ['u:p:q', { user: 'u', password: 'p:q' }],
    ['u', { user: 'u', password: '' }],
    ['u:', { user: 'u', password: '' }],
  ])('%s', (text, parts) => {
    expect(parseUserInfo(text)).toEqual(parts);
  });
});
