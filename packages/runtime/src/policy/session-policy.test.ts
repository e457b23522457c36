import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_PRINCIPAL,
  DASHBOARD_TOKEN_AUDIENCE,
  serviceTokenAudience,
} from '@herald/contract/services/service-token';
import {
  CONNACK,
  canPushRevocations,
  classifyCredentials,
  createIdentity,
  currentRights,
  decideAnonymous,
  rightsFor,
  decideDelivery,
  decidePublish,
  decideSubscription,
  identityFromDashboardToken,
  identityFromServiceToken,
  mayTakeOver,
  ownsTopic,
  isRevokedBy,
  isRevokedDashboardSession,
  type SessionIdentity,
} from './session-policy';
import { principalSession, role, testSecurity } from '../testing/security-source';

const store = testSecurity([
  role('SENSORS', {
    defaultPathPermissions: [],
    pathPermissions: { sensors: ['READ_TOPIC', 'SELECT_TOPIC', 'UPDATE_TOPIC'] },
  }),
]);
const administrator = principalSession(store, 'admin', ['ADMINISTRATOR']);
const client = principalSession(store, 'reader', ['CLIENT']);
const nobody = principalSession(store, 'nobody', ['SOMETHING_ELSE']);
const sensor = principalSession(store, 'sensor', ['SENSORS']);
const room = { exists: false, count: 0, capacity: 10 };
const canSubscribe = (identity: SessionIdentity, filter: string, isOwner = false) =>
  decideSubscription(identity, filter, () => isOwner).allowed;
const canDeliver = (identity: SessionIdentity, path: string, isOwner = false) =>
  decideDelivery(identity, path, () => isOwner).allowed;

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
    expect(decision.ok && decision.identity).toMatchObject({ roles: ['ADMINISTRATOR'] });
    expect(decision.ok && canPushRevocations(decision.identity)).toBe(true);
  });

  it('a read token may read but not write', () => {
    const decision = identityFromServiceToken(serviceClaims({ scope: 'read' }), service);
    expect(decision.ok && decision.identity).toMatchObject({ roles: ['CLIENT'] });
    if (!decision.ok) throw new Error('expected a session');
    expect(canSubscribe(decision.identity, 'a/#')).toBe(true);
    expect(
      decidePublish(decision.identity, 'a', room, { payloadBytes: 1, maxPayloadBytes: 9 }).ok,
    ).toBe(false);
    expect(canPushRevocations(decision.identity)).toBe(false);
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
    ['User', ['OBSERVER'], false],
  ] as const)(
    'act as the dashboard principal with the role of a listed %s',
    (workspaceRole, roles, mayPublish) => {
      const decision = identityFromDashboardToken(
        claims({ w1: 'Owner', w2: workspaceRole }),
        'w2',
        undefined,
      );
      expect(decision.ok && decision.identity).toMatchObject({
        kind: 'dashboardToken',
        principal: DASHBOARD_PRINCIPAL,
        roles,
        dashboard: { customerId: 'u', issuedAt },
      });
      if (!decision.ok) throw new Error('expected a session');
      const publish = decidePublish(decision.identity, 'a', room, {
        payloadBytes: 1,
        maxPayloadBytes: 9,
      });
      expect(publish.ok).toBe(mayPublish);
    },
  );

  it('a User (OBSERVER) reads topics and security but may not subscribe to $SYS/ nor publish', () => {
    const decision = identityFromDashboardToken(claims({ w2: 'User' }), 'w2', undefined);
    if (!decision.ok) throw new Error('expected a session');
    expect(decision.identity.rights.hasGlobal('VIEW_SECURITY')).toBe(true);
    expect(decision.identity.rights.hasGlobal('VIEW_SERVER')).toBe(false);
    expect(canDeliver(decision.identity, 'a/b')).toBe(true);
    expect(canSubscribe(decision.identity, '$SYS/#')).toBe(false);
    expect(canSubscribe(decision.identity, 'a/#')).toBe(true);
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
    [sensor, 'sensors/+/temp', true],
    [sensor, 'sensors/#', true],
    [sensor, 'other/#', false],
    [sensor, '#', false],
    [sensor, '+/temp', false],
  ])('%#: %o may subscribe to %s: %s', (identity, filter, allowed) => {
    expect(canSubscribe(identity, filter)).toBe(allowed);
  });

  it.each([
    [client, 'a/b', true],
    [client, '$SYS/herald/server', false],
    [administrator, '$SYS/herald/server', true],
    [sensor, 'sensors/a/temp', true],
    [sensor, 'other/a', false],
    [nobody, 'a/b', false],
  ])('%#: %o receives %s: %s', (identity, path, allowed) => {
    expect(canDeliver(identity, path)).toBe(allowed);
  });

  it('says why a subscription is refused', () => {
    expect(decideSubscription(sensor, 'other/#').reason).toBe(
      'no SELECT_TOPIC on "other", the filter\'s prefix',
    );
  });
});

describe('rights follow the store', () => {
  it('are rebuilt when the store version moves: a role losing READ stops delivery', () => {
    const local = testSecurity([
      role('R', { defaultPathPermissions: ['READ_TOPIC', 'SELECT_TOPIC'] }),
    ]);
    const session = principalSession(local, 'p', ['R']);
    expect(canDeliver(session, 'x')).toBe(true);
    local.roles = local.roles.map((r) =>
      r.name === 'R' ? { ...r, defaultPathPermissions: [] } : r,
    );
    // Not rebuilt until the version moves (the cheap per-hook check).
    expect(currentRights(session, local).has('x', 'READ_TOPIC')).toBe(true);
    local.bump();
    expect(currentRights(session, local).has('x', 'READ_TOPIC')).toBe(false);
    expect(canDeliver(session, 'x')).toBe(false);
  });

  it('are shared by sessions holding the same roles under the same store, and rebuilt apart after a change', () => {
    const local = testSecurity([role('R', { defaultPathPermissions: ['READ_TOPIC'] })]);
    const model = local.securityModel();
    const first = createIdentity({ kind: 'serviceToken', access: 'read' }, null);
    const second = createIdentity({ kind: 'serviceToken', access: 'read' }, null);
    expect(first.rights).toBe(second.rights);
    expect(rightsFor(model, ['R'])).toBe(rightsFor(model, ['R']));
    expect(rightsFor(model, ['R'])).not.toBe(rightsFor(model, ['CLIENT']));
    // A change of the store is a new model: its rights are built from it, never taken from the old one.
    const changed = testSecurity([role('R', { defaultPathPermissions: [] })]).securityModel();
    expect(rightsFor(model, ['R']).has('x', 'READ_TOPIC')).toBe(true);
    expect(rightsFor(changed, ['R']).has('x', 'READ_TOPIC')).toBe(false);
  });

  it("take a principal's current assignment and the roles for named sessions", () => {
    const local = testSecurity();
    const session = principalSession(local, 'p', []);
    expect(canDeliver(session, 'x')).toBe(false);
    local.security.rolesForNamedSessions = ['CLIENT'];
    local.bump();
    currentRights(session, local);
    expect(session.roles).toEqual(['CLIENT']);
    expect(canDeliver(session, 'x')).toBe(true);
    local.principals.set('p', { name: 'p', assignedRoles: ['PUBLISHER'], passwordHash: 'h' });
    local.bump();
    currentRights(session, local);
    expect(session.roles).toEqual(['PUBLISHER', 'CLIENT']);
  });

  it('give anonymous sessions the roles for anonymous sessions', () => {
    const local = testSecurity();
    local.security.rolesForAnonymousSessions = ['CLIENT'];
    const anonymous = createIdentity({ kind: 'anonymous' }, local);
    expect(anonymous).toMatchObject({ kind: 'anonymous', principal: '', roles: ['CLIENT'] });
    expect(canDeliver(anonymous, 'x')).toBe(true);
  });
});

describe('anonymous connections', () => {
  it.each([
    ['ALLOW', true, ''],
    ['DENY', false, 'anonymous sessions are denied'],
    [
      'ABSTAIN',
      false,
      'no authenticator accepted the anonymous session (anonymous policy ABSTAIN)',
    ],
  ] as const)('%s: accepted %s', (action, ok, reason) => {
    const decision = decideAnonymous(action);
    expect(decision.ok).toBe(ok);
    if (!decision.ok) {
      expect(decision.returnCode).toBe(CONNACK.notAuthorized);
      expect(decision.reason).toBe(reason);
    }
  });
});

describe('client-id takeover', () => {
  it('is allowed to the same principal only, in the same kind of session', () => {
    const other = principalSession(store, 'other', ['CLIENT']);
    expect(mayTakeOver(client, principalSession(store, 'reader', ['CLIENT']))).toBe(true);
    expect(mayTakeOver(client, other)).toBe(false);
    const token = identityFromServiceToken(serviceClaims(), {
      serviceId: 'svc',
      credentialVersion: 2,
    });
    if (!token.ok) throw new Error('expected a session');
    expect(mayTakeOver(client, token.identity)).toBe(false);
    expect(mayTakeOver(token.identity, token.identity)).toBe(true);
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
      'a role with UPDATE but not MODIFY updates an existing topic',
      sensor,
      'sensors/a',
      { ...room, exists: true },
      { ok: true, createsTopic: false },
    ],
    [
      'a role with UPDATE but not MODIFY may not create a topic',
      sensor,
      'sensors/b',
      room,
      { ok: false },
    ],
    [
      'a role may not publish outside its paths',
      sensor,
      'other/a',
      { ...room, exists: true },
      { ok: false },
    ],
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

describe('topic owners', () => {
  it('lets the owning principal read and update its topic whatever its roles', () => {
    const owner = nobody;
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
    const token = identityFromServiceToken(serviceClaims({ scope: 'read' }), {
      serviceId: 'svc',
      credentialVersion: 2,
    });
    if (!token.ok) throw new Error('expected a session');
    expect(ownsTopic(token.identity, 'token-1')).toBe(false);
  });
});
