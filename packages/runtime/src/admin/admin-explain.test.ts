import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, type RoleDefinition } from '@herald/contract/security/permissions';
import { securityModel } from '@herald/contract/security/resolve-permissions';
import type { AnonymousAction } from '@herald/contract/security/security.schema';
import { roleDefinition } from '@herald/contract/security/testing/role-factories';
import {
  explainAccess,
  parseExplainSubject,
  parseExplainTarget,
  type ExplainTarget,
} from './admin-explain';
import type { SecuritySource } from '../policy/session-policy';

const custom = roleDefinition;

/** A store as a plain object: the explainer reads only these pieces. */
function source(
  roles: RoleDefinition[],
  options: {
    isolatedPaths?: string[];
    principals?: Record<string, string[]>;
    anonymousAction?: AnonymousAction;
    rolesForNamedSessions?: string[];
    rolesForAnonymousSessions?: string[];
  } = {},
): SecuritySource {
  const model = securityModel([...BUILT_IN_ROLES, ...roles], options.isolatedPaths ?? []);
  return {
    securityVersion: 1,
    securityModel: () => model,
    security: {
      rolesForNamedSessions: options.rolesForNamedSessions ?? [],
      rolesForAnonymousSessions: options.rolesForAnonymousSessions ?? [],
      anonymousAction: options.anonymousAction ?? 'DENY',
      trustedProperties: {},
    },
    principals: new Map(
      Object.entries(options.principals ?? {}).map(([name, assignedRoles]) => [
        name,
        { assignedRoles, passwordHash: 'h' },
      ]),
    ),
  };
}

function explain(
  store: SecuritySource,
  subjectText: string,
  targetText: string,
  topics: Record<string, string | null> = {},
) {
  const subject = parseExplainSubject(subjectText, store);
  const target = parseExplainTarget(targetText);
  if (!subject.ok || !target.ok) throw new Error('bad test input');
  const matchingPaths =
    target.target.kind === 'path' ? [] : Object.keys(topics).filter((path) => path !== targetText);
  return explainAccess({
    source: store,
    subject,
    target: target.target,
    topic: (path) => (path in topics ? { owner: topics[path] ?? null } : undefined),
    matchingPaths,
  });
}

describe('the explainer target', () => {
  it.each<[string, Partial<ExplainTarget> | string]>([
    ['a/b', { kind: 'path', prefix: 'a/b' }],
    ['$SYS/herald/server', { kind: 'path', prefix: '$SYS/herald/server' }],
    ['a/+/c', { kind: 'mqttFilter', prefix: 'a' }],
    ['#', { kind: 'mqttFilter', prefix: '' }],
    ['?a/b/.*', { kind: 'selector', prefix: 'a/b' }],
    ['>plant', { kind: 'selector', prefix: 'plant' }],
    ['a/#/c', '"#" must be the last level of an MQTT filter (MQTT 3.1.1 4.7.1.2)'],
    ['a+/#', 'level "a+": "+" and "#" must fill a whole level of a filter'],
    ['a//b', 'Topic path "a//b" must not have an empty segment'],
  ])('reads %s', (text, expected) => {
    const parsed = parseExplainTarget(text);
    if (typeof expected === 'string') expect(parsed).toEqual({ ok: false, message: expected });
    else expect(parsed).toMatchObject({ ok: true, target: { text, ...expected } });
  });
});

describe('the explainer', () => {
  it('says where a principal’s permissions come from, through included roles and default roles', () => {
    const store = source(
      [
        custom('plant', { pathPermissions: { plant: ['READ_TOPIC', 'SELECT_TOPIC'] } }),
        custom('sensor', { includedRoles: ['plant'], globalPermissions: ['VIEW_SESSION'] }),
      ],
      { principals: { 'sensor-7': ['sensor'] }, rolesForNamedSessions: ['CLIENT'] },
    );
    const answer = explain(store, 'principal:sensor-7', 'plant/line-1/temp');
    expect(answer.subject).toEqual({
      kind: 'principal',
      label: 'principal "sensor-7"',
      canConnect: { allowed: true, reason: 'principal "sensor-7" logs in with its password' },
      assignedRoles: ['sensor', 'CLIENT'],
      roleOrigins: {
        sensor: 'assigned to principal "sensor-7"',
        CLIENT: 'roles for named sessions',
      },
    });
    expect(answer.roles).toEqual([
      { name: 'sensor', via: [], exists: true },
      { name: 'CLIENT', via: [], exists: true },
      { name: 'plant', via: ['sensor'], exists: true },
    ]);
    expect(answer.globalPermissions).toEqual([
      { permission: 'VIEW_SESSION', grantedBy: ['sensor'] },
    ]);
    expect(answer.prefixPermissions.sources).toContainEqual({
      role: 'plant',
      via: ['sensor'],
      source: 'ancestor',
      assignedPath: 'plant',
      isolatedBy: null,
      permissions: ['READ_TOPIC', 'SELECT_TOPIC'],
    });
    expect(answer.mqtt).toEqual({
      canSubscribe: {
        allowed: true,
        reason: 'SELECT_TOPIC on "plant/line-1/temp", the filter\'s prefix',
      },
      receivesValues: { allowed: true, reason: 'READ_TOPIC on "plant/line-1/temp"' },
      canPublish: { allowed: false, reason: 'no UPDATE_TOPIC on "plant/line-1/temp"' },
      canCreate: { allowed: false, reason: 'no UPDATE_TOPIC on "plant/line-1/temp"' },
    });
  });

  it('shows an isolated path stopping inheritance', () => {
    const store = source(
      [custom('plant', { pathPermissions: { plant: ['READ_TOPIC', 'SELECT_TOPIC'] } })],
      { principals: { p: ['plant'] }, isolatedPaths: ['plant/secret'] },
    );
    const answer = explain(store, 'principal:p', 'plant/secret/key');
    expect(answer.prefixPermissions).toEqual({
      path: 'plant/secret/key',
      permissions: [],
      sources: [
        {
          role: 'plant',
          via: [],
          source: 'default',
          assignedPath: null,
          isolatedBy: 'plant/secret',
          permissions: [],
        },
      ],
    });
    expect(answer.mqtt.receivesValues.allowed).toBe(false);
  });

  it('lets the owner of a topic read and update it, and says so', () => {
    const store = source([], { principals: { owner: [] } });
    const answer = explain(store, 'principal:owner', 'mine/t', { 'mine/t': 'owner' });
    expect(answer.mqtt.receivesValues).toEqual({
      allowed: true,
      reason: 'the session owns the topic (OWNER)',
    });
    expect(answer.mqtt.canPublish).toEqual({
      allowed: true,
      reason: 'the principal owns the topic (OWNER)',
    });
    expect(answer.mqtt.canCreate?.allowed).toBe(false);
  });

  it('answers for an unknown principal, anonymous sessions, tokens and members', () => {
    const store = source([], { anonymousAction: 'ABSTAIN', rolesForAnonymousSessions: ['CLIENT'] });
    expect(explain(store, 'principal:ghost', 'a').subject.canConnect).toEqual({
      allowed: false,
      reason: 'no such principal "ghost"',
    });
    const anonymous = explain(store, 'anonymous', 'a');
    expect(anonymous.subject.canConnect.allowed).toBe(false);
    expect(anonymous.subject.canConnect.reason).toContain('ABSTAIN');
    expect(anonymous.subject.assignedRoles).toEqual(['CLIENT']);
    const allowed = source([], { anonymousAction: 'ALLOW' });
    expect(explain(allowed, 'anonymous', 'a').subject.canConnect.allowed).toBe(true);

    const read = explain(store, 'serviceToken:read', '$SYS/herald/server');
    expect(read.subject.assignedRoles).toEqual(['CLIENT']);
    expect(read.mqtt.receivesValues).toEqual({
      allowed: false,
      reason: '$SYS/ needs the global permission VIEW_SERVER',
    });
    const write = explain(store, 'serviceToken:write', 'a/b');
    expect(write.mqtt.canCreate?.allowed).toBe(true);
    const user = explain(store, 'member:User', 'a/b');
    expect(user.subject.assignedRoles).toEqual(['OBSERVER']);
    expect(user.mqtt.canPublish?.allowed).toBe(false);
    expect(user.mqtt.receivesValues.allowed).toBe(true);
    expect(explain(store, 'member:Owner', 'a/b').subject.assignedRoles).toEqual(['ADMINISTRATOR']);
  });

  it('decides each matching topic of a filter or selector, listing at most 50', () => {
    const store = source(
      [custom('odd', { pathPermissions: { t: ['SELECT_TOPIC'], 't/1': ['READ_TOPIC'] } })],
      { principals: { p: ['odd'] } },
    );
    const topics = Object.fromEntries(
      Array.from({ length: 60 }, (_, index) => [`t/${index}`, null] as const),
    );
    const filter = explain(store, 'principal:p', 't/+', topics);
    expect(filter.matchingTopicCount).toBe(60);
    expect(filter.matchingTopics).toHaveLength(50);
    expect(filter.matchingTopics[1]).toEqual({
      path: 't/1',
      receives: { allowed: true, reason: 'READ_TOPIC on "t/1"' },
    });
    expect(filter.mqtt).toEqual({
      canSubscribe: { allowed: true, reason: 'SELECT_TOPIC on "t", the filter\'s prefix' },
      receivesValues: {
        allowed: true,
        reason: 'values of 1 of the 60 matching topics are delivered',
      },
      canPublish: null,
      canCreate: null,
    });
    const selector = explain(store, 'principal:p', '?t/.*', {});
    expect(selector.mqtt.canSubscribe.reason).toBe('SELECT_TOPIC on "t", the selector\'s prefix');
    expect(selector.mqtt.receivesValues).toEqual({
      allowed: false,
      reason: 'no existing topic matches; no READ_TOPIC on "t"',
    });
  });
});
