import { describe, expect, it } from 'vitest';
import type { PathPermission, RoleDefinition } from './permissions';
import {
  expandRoles,
  findRoleCycle,
  mqttFilterPrefix,
  orderedGlobalPermissions,
  orderedPathPermissions,
  resolveGlobalPermissions,
  resolvePathPermissions,
  rolePathSource,
  securityModel,
} from './resolve-permissions';
import { roleDefinition } from './testing/role-factories';

const role = roleDefinition;

/** One role `r` with default SEND_TO_SESSION and assignments on `a` and `a/b/c/d`, against varying isolated paths. */
const assigned = role('r', {
  defaultPathPermissions: ['SEND_TO_SESSION'],
  pathPermissions: { a: ['READ_TOPIC'], 'a/b/c/d': ['UPDATE_TOPIC'], 'x/y': [] },
});

describe('one role on one path (DATA-PLANE resolution rule)', () => {
  it.each<[string, string, string[], PathPermission[], string, string | null, string | null]>([
    // [case, path, isolated paths, permissions, source, assignedPath, isolatedBy]
    ['assignment on the path itself', 'a', [], ['READ_TOPIC'], 'path', 'a', null],
    ['nearest ancestor', 'a/b', [], ['READ_TOPIC'], 'ancestor', 'a', null],
    ['nearest ancestor, deeper', 'a/b/c', [], ['READ_TOPIC'], 'ancestor', 'a', null],
    [
      'the nearest of two ancestors',
      'a/b/c/d/e',
      [],
      ['UPDATE_TOPIC'],
      'ancestor',
      'a/b/c/d',
      null,
    ],
    ['no assignment above: default', 'b/c', [], ['SEND_TO_SESSION'], 'default', null, null],
    ['the root uses the default', '', [], ['SEND_TO_SESSION'], 'default', null, null],
    ['P itself isolated', 'a/b', ['a/b'], ['SEND_TO_SESSION'], 'default', null, 'a/b'],
    [
      'an isolated ancestor between P and the assignment',
      'a/b/c',
      ['a/b'],
      ['SEND_TO_SESSION'],
      'default',
      null,
      'a/b',
    ],
    [
      'the assignment ON the isolated path still applies to it',
      'a',
      ['a'],
      ['READ_TOPIC'],
      'path',
      'a',
      null,
    ],
    [
      'the assignment ON the isolated path applies to its descendants',
      'a/b/c',
      ['a'],
      ['READ_TOPIC'],
      'ancestor',
      'a',
      null,
    ],
    [
      'an isolated path below P does not matter',
      'a/b',
      ['a/b/c'],
      ['READ_TOPIC'],
      'ancestor',
      'a',
      null,
    ],
    [
      'a nearer assignment below an isolated path wins',
      'a/b/c/d/e',
      ['a/b'],
      ['UPDATE_TOPIC'],
      'ancestor',
      'a/b/c/d',
      null,
    ],
    ['setting [] replaces: nothing on the path', 'x/y', [], [], 'path', 'x/y', null],
    [
      'setting [] replaces: nothing below it, not the default',
      'x/y/z',
      [],
      [],
      'ancestor',
      'x/y',
      null,
    ],
    ['a sibling of an assignment: default', 'x/z', [], ['SEND_TO_SESSION'], 'default', null, null],
    [
      'a path that only starts like an assigned one is not below it',
      'ab',
      [],
      ['SEND_TO_SESSION'],
      'default',
      null,
      null,
    ],
  ])('%s', (_case, path, isolated, permissions, source, assignedPath, isolatedBy) => {
    const model = securityModel([assigned], isolated);
    expect(rolePathSource(model, assigned, path)).toEqual({
      role: 'r',
      via: [],
      source,
      assignedPath,
      isolatedBy,
      permissions,
    });
  });

  it('a parent granting more than the child assignment does not add to it ("setting replaces")', () => {
    const parentChild = role('r', {
      defaultPathPermissions: ['READ_TOPIC'],
      pathPermissions: {
        a: ['READ_TOPIC', 'UPDATE_TOPIC', 'SELECT_TOPIC'],
        'a/b': ['SELECT_TOPIC'],
      },
    });
    const model = securityModel([parentChild], []);
    const held = expandRoles(model, ['r']);
    expect(
      orderedPathPermissions(resolvePathPermissions(model, held, 'a/b/c').permissions),
    ).toEqual(['SELECT_TOPIC']);
  });

  it('assignments named like inherited object keys are not found by accident', () => {
    const model = securityModel([role('r', { defaultPathPermissions: ['READ_TOPIC'] })], []);
    const held = expandRoles(model, ['r']);
    for (const path of ['constructor', 'toString', '__proto__', 'hasOwnProperty/x']) {
      expect([...resolvePathPermissions(model, held, path).permissions]).toEqual(['READ_TOPIC']);
    }
  });
});

describe('roles a session holds', () => {
  const roles = [
    role('a', { includedRoles: ['b'], globalPermissions: ['VIEW_SERVER'] }),
    role('b', { includedRoles: ['c'], pathPermissions: { t: ['UPDATE_TOPIC'] } }),
    role('c', { defaultPathPermissions: ['READ_TOPIC'], globalPermissions: ['VIEW_SESSION'] }),
    role('d', { pathPermissions: { t: ['SELECT_TOPIC'] }, globalPermissions: ['VIEW_SERVER'] }),
    role('loop1', { includedRoles: ['loop2'], defaultPathPermissions: ['ACQUIRE_LOCK'] }),
    role('loop2', { includedRoles: ['loop1', 'missing'] }),
  ];
  const model = securityModel(roles, []);

  it('includes roles transitively, with the chain of roles that brought each', () => {
    expect(expandRoles(model, ['a'])).toEqual([
      { name: 'a', via: [], exists: true },
      { name: 'b', via: ['a'], exists: true },
      { name: 'c', via: ['a', 'b'], exists: true },
    ]);
  });

  it('a role assigned directly is held directly even when another role also includes it', () => {
    expect(expandRoles(model, ['a', 'c']).find((held) => held.name === 'c')).toEqual({
      name: 'c',
      via: [],
      exists: true,
    });
  });

  it('the shortest inclusion chain wins (breadth first)', () => {
    const diamond = securityModel(
      [
        role('top', { includedRoles: ['long', 'leaf'] }),
        role('long', { includedRoles: ['mid'] }),
        role('mid', { includedRoles: ['leaf'] }),
        role('leaf'),
      ],
      [],
    );
    expect(expandRoles(diamond, ['top']).find((held) => held.name === 'leaf')?.via).toEqual([
      'top',
    ]);
  });

  it('a missing role is held but grants nothing', () => {
    const held = expandRoles(model, ['missing']);
    expect(held).toEqual([{ name: 'missing', via: [], exists: false }]);
    expect(resolvePathPermissions(model, held, 't').permissions.size).toBe(0);
    expect(resolvePathPermissions(model, held, 't').sources).toEqual([]);
    expect(resolveGlobalPermissions(model, held).permissions.size).toBe(0);
  });

  it('cycles do not loop: each role is held once', () => {
    const held = expandRoles(model, ['loop1']);
    expect(held).toEqual([
      { name: 'loop1', via: [], exists: true },
      { name: 'loop2', via: ['loop1'], exists: true },
      { name: 'missing', via: ['loop1', 'loop2'], exists: false },
    ]);
    expect([...resolvePathPermissions(model, held, 'any/path').permissions]).toEqual([
      'ACQUIRE_LOCK',
    ]);
  });

  it('the union over roles, each resolved on its own', () => {
    const held = expandRoles(model, ['a', 'd']);
    const onT = resolvePathPermissions(model, held, 't/u');
    // b assigns UPDATE on t (replacing its empty default), c reads by default, d assigns SELECT on t.
    expect(orderedPathPermissions(onT.permissions)).toEqual([
      'READ_TOPIC',
      'UPDATE_TOPIC',
      'SELECT_TOPIC',
    ]);
    expect(onT.sources.map(({ role: name, via, source }) => [name, via, source])).toEqual([
      ['a', [], 'default'],
      ['d', [], 'ancestor'],
      ['b', ['a'], 'ancestor'],
      ['c', ['a', 'b'], 'default'],
    ]);
    const elsewhere = resolvePathPermissions(model, held, 'u');
    expect(orderedPathPermissions(elsewhere.permissions)).toEqual(['READ_TOPIC']);
  });

  it('global permissions: the union, with the roles that grant each', () => {
    const global = resolveGlobalPermissions(model, expandRoles(model, ['a', 'd']));
    expect(orderedGlobalPermissions(global.permissions)).toEqual(['VIEW_SESSION', 'VIEW_SERVER']);
    expect(global.grantedBy.get('VIEW_SERVER')).toEqual(['a', 'd']);
    expect(global.grantedBy.get('VIEW_SESSION')).toEqual(['c']);
  });
});

describe('findRoleCycle', () => {
  it.each<[string, RoleDefinition[], string[] | null]>([
    ['no roles', [], null],
    ['a chain', [role('a', { includedRoles: ['b'] }), role('b')], null],
    [
      'a diamond is not a cycle',
      [
        role('a', { includedRoles: ['b', 'c'] }),
        role('b', { includedRoles: ['d'] }),
        role('c', { includedRoles: ['d'] }),
        role('d'),
      ],
      null,
    ],
    ['a role including itself', [role('a', { includedRoles: ['a'] })], ['a', 'a']],
    [
      'a three-role cycle',
      [
        role('a', { includedRoles: ['b'] }),
        role('b', { includedRoles: ['c'] }),
        role('c', { includedRoles: ['a'] }),
      ],
      ['a', 'b', 'c', 'a'],
    ],
    [
      'a cycle reached from outside it',
      [
        role('entry', { includedRoles: ['x'] }),
        role('x', { includedRoles: ['y'] }),
        role('y', { includedRoles: ['x'] }),
      ],
      ['x', 'y', 'x'],
    ],
    ['an included role that does not exist', [role('a', { includedRoles: ['ghost'] })], null],
  ])('%s', (_case, roles, cycle) => {
    expect(findRoleCycle(roles)).toEqual(cycle);
  });
});

describe('mqttFilterPrefix', () => {
  it.each([
    ['a/b/c', 'a/b/c'],
    ['a/+/c', 'a'],
    ['a/b/#', 'a/b'],
    ['#', ''],
    ['+/#', ''],
    ['+', ''],
    ['a/+', 'a'],
    ['a/b+/c', 'a/b+/c'],
  ])('"%s" → "%s"', (filter, prefix) => {
    expect(mqttFilterPrefix(filter)).toBe(prefix);
  });
});
