import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_PRINCIPAL,
  DASHBOARD_TOKEN_AUDIENCE,
  serviceTokenAudience,
} from '@herald/contract/services/service-token';
import {
  CONNACK,
  canDeliver,
  canPushRevocations,
  canSubscribe,
  canUseAdminMethod,
  classifyCredentials,
  decidePublish,
  identityFromDashboardToken,
  identityFromRoles,
  identityFromServiceToken,
  ownsTopic,
  isRevokedBy,
  isRevokedDashboardSession,
} from './session-policy';

const administrator = identityFromRoles('password', 'admin', ['ADMINISTRATOR']);
const client = identityFromRoles('password', 'reader', ['CLIENT']);
const nobody = identityFromRoles('password', 'nobody', ['SOMETHING_ELSE']);
const room = { exists: false, count: 0, capacity: 10 };

const serviceClaims = (
  overrides: { scope?: 'read' | 'read write'; cv?: number; aud?: string } = {},
) => ({
  iss: 'herald-cloud' as const,
  sub: 'token-1',
  aud: overrides.aud ?? serviceTokenAudience('svc'),
  exp: 0,
  scope: overrides.scope ?? ('read write' as const),
  cv: overrides.cv ?? 2,
});

describe('credentials are classified', () => {
  it.each([
    [undefined, undefined, 'anonymous'],
    ['', '', 'anonymous'],
    ['token', 'aaa.bbb.ccc', 'token'],
    ['anything', 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln', 'token'],
    ['admin', 'secret', 'password'],
    ['admin', undefined, 'password'],
  ])('username %s with password %s is %s', (username, password, kind) => {
    expect(classifyCredentials(username, password)).toBe(kind);
  });
});

describe('service tokens', () => {
  const service = { serviceId: 'svc', credentialVersion: 2 };

  it('a read write token is an administrator that may write', () => {
    const decision = identityFromServiceToken(serviceClaims(), service);
    expect(decision.ok && decision.identity).toMatchObject({
      roles: ['ADMINISTRATOR'],
      canWrite: true,
      canRead: true,
    });
  });

  it('a read token may read but not write', () => {
    const decision = identityFromServiceToken(serviceClaims({ scope: 'read' }), service);
    expect(decision.ok && decision.identity).toMatchObject({
      roles: ['CLIENT'],
      canWrite: false,
      canRead: true,
    });
  });

  it.each([
    [
      'another service',
      serviceClaims({ aud: serviceTokenAudience('other') }),
      CONNACK.notAuthorized,
    ],
    ['an older credential version', serviceClaims({ cv: 1 }), CONNACK.badUsernameOrPassword],
  ])('a token for %s is refused', (_case, claims, returnCode) => {
    const decision = identityFromServiceToken(claims, service);
    expect(decision.ok ? 0 : decision.returnCode).toBe(returnCode);
  });

  it('a session is revoked when the minimum credential version passes its token', () => {
    const decision = identityFromServiceToken(serviceClaims({ cv: 2 }), service);
    if (!decision.ok) throw new Error('expected a session');
    expect(isRevokedBy(decision.identity, 2)).toBe(false);
    expect(isRevokedBy(decision.identity, 3)).toBe(true);
    expect(isRevokedBy(administrator, 3)).toBe(false);
  });
});

describe('dashboard tokens', () => {
  const issuedAt = Date.UTC(2026, 0, 1) / 1000;
  const claims = (ws: Record<string, 'User' | 'Admin' | 'Owner'>) => ({
    iss: 'herald-cloud' as const,
    sub: 'u',
    aud: DASHBOARD_TOKEN_AUDIENCE as typeof DASHBOARD_TOKEN_AUDIENCE,
    exp: 0,
    iat: issuedAt,
    ws,
  });

  it.each([
    ['Owner', ['ADMINISTRATOR'], true],
    ['Admin', ['ADMINISTRATOR'], true],
    ['User', ['CLIENT'], false],
  ] as const)(
    'act as the dashboard principal with the role of a listed %s',
    (role, roles, canWrite) => {
      const decision = identityFromDashboardToken(
        claims({ w1: 'Owner', w2: role }),
        'w2',
        undefined,
      );
      expect(decision.ok && decision.identity).toMatchObject({
        principal: DASHBOARD_PRINCIPAL,
        roles,
        canRead: true,
        canWrite,
        dashboard: { customerId: 'u', issuedAt },
      });
    },
  );

  it('a User may not subscribe to $SYS/ nor publish', () => {
    const decision = identityFromDashboardToken(claims({ w2: 'User' }), 'w2', undefined);
    if (!decision.ok) throw new Error('expected a session');
    expect(canSubscribe(decision.identity, '$SYS/#')).toBe(false);
    expect(canSubscribe(decision.identity, 'a/#')).toBe(true);
    expect(canUseAdminMethod(decision.identity, 'PUT')).toBe(false);
    expect(canUseAdminMethod(decision.identity, 'GET')).toBe(true);
    expect(canPushRevocations(decision.identity)).toBe(false);
  });

  it('are not authorized in another workspace', () => {
    const decision = identityFromDashboardToken(claims({ w1: 'Owner' }), 'w2', undefined);
    expect(decision.ok ? 0 : decision.returnCode).toBe(CONNACK.notAuthorized);
  });

  it('are refused when issued at or before the member was revoked', () => {
    const at = issuedAt * 1000;
    const refused = identityFromDashboardToken(claims({ w2: 'Admin' }), 'w2', at);
    expect(refused.ok ? 0 : refused.returnCode).toBe(CONNACK.badUsernameOrPassword);
    expect(identityFromDashboardToken(claims({ w2: 'Admin' }), 'w2', at - 1).ok).toBe(true);
  });

  it('a live session goes when its member is revoked after its token was issued', () => {
    const decision = identityFromDashboardToken(claims({ w2: 'Admin' }), 'w2', undefined);
    if (!decision.ok) throw new Error('expected a session');
    expect(isRevokedDashboardSession(decision.identity, 'u', issuedAt * 1000)).toBe(true);
    expect(isRevokedDashboardSession(decision.identity, 'u', issuedAt * 1000 - 1)).toBe(false);
    expect(isRevokedDashboardSession(decision.identity, 'other', issuedAt * 1000)).toBe(false);
    expect(isRevokedDashboardSession(administrator, 'u', issuedAt * 1000)).toBe(false);
  });
});

describe('subscriptions and deliveries', () => {
  it.each([
    [administrator, 'a/b', true],
    [administrator, '$SYS/#', true],
    [client, 'a/#', true],
    [client, '#', true],
    [client, '$SYS/#', false],
    [client, '$SYS', false],
    [nobody, 'a/b', false],
  ])('%o may subscribe to %s: %s', (identity, filter, allowed) => {
    expect(canSubscribe(identity, filter)).toBe(allowed);
    expect(canDeliver(identity, filter)).toBe(allowed);
  });
});

describe('publishing', () => {
  const small = { payloadBytes: 10, maxPayloadBytes: 1024 };
  it.each([
    [
      'an administrator updates a topic',
      administrator,
      'a/b',
      { ...room, exists: true },
      { ok: true, createsTopic: false },
    ],
    [
      'an administrator creates a topic',
      administrator,
      'a/b',
      room,
      { ok: true, createsTopic: true },
    ],
    ['a CLIENT may not publish', client, 'a/b', room, { ok: false }],
    ['nobody publishes to $SYS', administrator, '$SYS/x', room, { ok: false }],
    ['a last will without a session is refused', null, 'a', room, { ok: false }],
    ['an invalid path is refused', administrator, 'a//b', room, { ok: false }],
    [
      'a new topic beyond capacity is refused',
      administrator,
      'a',
      { exists: false, count: 10, capacity: 10 },
      { ok: false },
    ],
    [
      'an existing topic at capacity is updated',
      administrator,
      'a',
      { exists: true, count: 10, capacity: 10 },
      { ok: true },
    ],
  ])('%s', (_case, identity, path, topics, expected) => {
    expect(decidePublish(identity, path, topics, small)).toMatchObject(expected);
  });

  it('explains a capacity refusal', () => {
    const decision = decidePublish(
      administrator,
      'a',
      { exists: false, count: 3, capacity: 3 },
      small,
    );
    expect(decision.ok ? '' : decision.reason).toBe('topics capacity of 3 reached');
  });

  it('takes a message up to the size limit and refuses a larger one, naming both sizes', () => {
    const topics = { exists: true, count: 1, capacity: 10 };
    const limit = { maxPayloadBytes: 1024 };
    expect(decidePublish(administrator, 'a', topics, { ...limit, payloadBytes: 1024 }).ok).toBe(
      true,
    );
    const decision = decidePublish(administrator, 'a', topics, { ...limit, payloadBytes: 1025 });
    expect(decision.ok ? '' : decision.reason).toBe(
      'message of 1025 bytes is larger than the limit of 1024 bytes',
    );
  });
});

describe('the admin API', () => {
  it.each([
    [administrator, 'GET', true],
    [administrator, 'PUT', true],
    [client, 'GET', true],
    [client, 'DELETE', false],
    [nobody, 'GET', false],
  ])('%o may use %s: %s', (identity, method, allowed) => {
    expect(canUseAdminMethod(identity, method)).toBe(allowed);
  });
});

describe('topic owners', () => {
  it('lets the owning principal read and update its topic whatever its roles', () => {
    const owner = identityFromRoles('password', 'nobody', ['SOMETHING_ELSE']);
    expect(ownsTopic(owner, 'nobody')).toBe(true);
    expect(ownsTopic(owner, 'someone')).toBe(false);
    expect(ownsTopic(owner, null)).toBe(false);
    expect(canSubscribe(owner, 'a/b', true)).toBe(true);
    expect(canDeliver(owner, 'a/b', true)).toBe(true);
    expect(canSubscribe(owner, '$SYS/x', true)).toBe(false);
    const small = { payloadBytes: 1, maxPayloadBytes: 10 };
    const owned = { exists: true, count: 1, capacity: 10, isOwner: true };
    expect(decidePublish(owner, 'a/b', owned, small)).toEqual({ ok: true, createsTopic: false });
    expect(decidePublish(owner, 'a/c', { ...owned, exists: false }, small).ok).toBe(false);
  });

  it('is never a token session, whose principal is not a principal name', () => {
    const token = identityFromRoles('serviceToken', 'alice', ['CLIENT'], 1);
    expect(ownsTopic(token, 'alice')).toBe(false);
  });
});
