import { describe, expect, it } from 'vitest';
import type { RoleDefinition } from './permissions';
import type { Principal, Role, SecurityStore } from './security.schema';
import {
  describeAnonymousActionChange,
  describeDefaultRolesChange,
  describeIsolatedPathsChange,
  describePrincipalChange,
  describeRoleChange,
  describeRoleRemoval,
  describeTrustedPropertiesChange,
} from './security-change';
import { storedRole } from './testing/role-factories';

const stored = storedRole;

function definition(role: Role): RoleDefinition & { description: string | null } {
  const { builtIn: _builtIn, ...rest } = role;
  return rest;
}

describe('describeRoleChange', () => {
  const sensors = stored('sensors-rw', {
    description: 'Sensors',
    globalPermissions: ['VIEW_SERVER', 'VIEW_SESSION'],
    defaultPathPermissions: ['SELECT_TOPIC'],
    pathPermissions: {
      sensors: ['SELECT_TOPIC', 'READ_TOPIC'],
      'sensors/private': ['SELECT_TOPIC'],
      'a/b': ['READ_TOPIC'],
    },
    includedRoles: ['OPERATOR'],
  });

  it('says nothing when nothing changes', () => {
    expect(describeRoleChange(sensors, definition(sensors))).toEqual([]);
    // A description left out of the form is left as it is.
    const { description: _description, ...withoutDescription } = definition(sensors);
    expect(describeRoleChange(sensors, withoutDescription)).toEqual([]);
    // Same permissions in another order are the same role.
    expect(
      describeRoleChange(sensors, {
        ...definition(sensors),
        globalPermissions: ['VIEW_SESSION', 'VIEW_SERVER'],
      }),
    ).toEqual([]);
  });

  it('a new role lists everything it grants', () => {
    expect(
      describeRoleChange(null, {
        name: 'sensors-rw',
        globalPermissions: ['VIEW_SERVER'],
        defaultPathPermissions: [],
        pathPermissions: { sensors: ['UPDATE_TOPIC', 'READ_TOPIC'], 'a/b': [] },
        includedRoles: ['CLIENT'],
        lockingPrincipal: 'ops',
        description: 'ignored in the sentences',
      }),
    ).toEqual([
      'Creates role "sensors-rw".',
      'Global permissions: adds VIEW_SERVER.',
      'Assigns no permissions on "a/b": it and the paths below it no longer inherit any.',
      'Grants READ_TOPIC, UPDATE_TOPIC on "sensors".',
      'Includes role CLIENT.',
      'Locks the role to principal "ops".',
    ]);
  });

  it('a new empty role says it grants nothing', () => {
    expect(
      describeRoleChange(null, {
        name: 'empty',
        globalPermissions: [],
        defaultPathPermissions: [],
        pathPermissions: {},
        includedRoles: [],
        lockingPrincipal: null,
      }),
    ).toEqual(['Creates role "empty".', 'It grants no permissions.']);
  });

  it('a change lists each difference, in a fixed order (permission order, paths sorted)', () => {
    expect(
      describeRoleChange(sensors, {
        name: 'sensors-rw',
        description: 'Sensors, read and write',
        globalPermissions: ['AUTHENTICATE', 'VIEW_SESSION'],
        defaultPathPermissions: ['SELECT_TOPIC', 'READ_TOPIC'],
        pathPermissions: {
          sensors: ['UPDATE_TOPIC', 'READ_TOPIC'],
          'sensors/private': ['SELECT_TOPIC'],
          zzz: ['EXPOSE_BRANCH'],
        },
        includedRoles: ['CLIENT'],
        lockingPrincipal: null,
      }),
    ).toEqual([
      'Changes the description.',
      'Global permissions: adds AUTHENTICATE.',
      'Global permissions: removes VIEW_SERVER.',
      'Default path permissions: adds READ_TOPIC.',
      'Stops assigning permissions on "a/b" (it inherits again: the default path permissions (READ_TOPIC, SELECT_TOPIC)).',
      'Grants UPDATE_TOPIC on "sensors".',
      'Removes SELECT_TOPIC on "sensors".',
      // A new assignment replaces what the path inherited (here the old defaults).
      'Grants EXPOSE_BRANCH on "zzz".',
      'Removes SELECT_TOPIC on "zzz" (it no longer inherits the default path permissions (SELECT_TOPIC)).',
      'Includes role CLIENT.',
      'No longer includes role OPERATOR.',
    ]);
  });

  it('emptying an assignment removes its permissions but keeps the path assigned', () => {
    expect(
      describeRoleChange(sensors, {
        ...definition(sensors),
        pathPermissions: { ...sensors.pathPermissions, 'sensors/private': [] },
      }),
    ).toEqual(['Removes SELECT_TOPIC on "sensors/private".']);
  });

  it.each<[string | null, string | null, string[]]>([
    [null, 'ops', ['Locks the role to principal "ops".']],
    ['ops', null, ['Unlocks the role (was locked to principal "ops").']],
    ['ops', 'sec', ['Moves the role\'s lock from principal "ops" to principal "sec".']],
    ['ops', 'ops', []],
  ])('lock %s → %s', (before, after, sentences) => {
    const role = stored('r', { lockingPrincipal: before });
    expect(describeRoleChange(role, { ...definition(role), lockingPrincipal: after })).toEqual(
      sentences,
    );
  });

  it('a new or removed assignment is told against what the path inherits, isolated paths included', () => {
    const nested = stored('n', {
      defaultPathPermissions: ['READ_TOPIC'],
      pathPermissions: { a: ['READ_TOPIC', 'SELECT_TOPIC'], 'a/b/c': ['UPDATE_TOPIC'] },
    });
    const moved = {
      ...definition(nested),
      pathPermissions: { a: ['READ_TOPIC', 'SELECT_TOPIC'], 'a/b': ['READ_TOPIC', 'SELECT_TOPIC'] },
    } satisfies RoleDefinition;
    expect(describeRoleChange(nested, moved)).toEqual([
      'Assigns on "a/b" the permissions it inherited (READ_TOPIC, SELECT_TOPIC): changes above it no longer reach it.',
      'Stops assigning permissions on "a/b/c" (it inherits again: READ_TOPIC, SELECT_TOPIC from "a/b").',
    ]);
    // With "a/b" isolated, "a/b" inherited only the default before: assigning there grants SELECT_TOPIC.
    expect(describeRoleChange(nested, moved, ['a/b'])).toEqual([
      'Grants SELECT_TOPIC on "a/b".',
      'Stops assigning permissions on "a/b/c" (it inherits again: READ_TOPIC, SELECT_TOPIC from "a/b").',
    ]);
    const narrowed = {
      ...definition(nested),
      pathPermissions: { ...nested.pathPermissions, 'a/x': ['SELECT_TOPIC'] },
    } satisfies RoleDefinition;
    expect(describeRoleChange(nested, narrowed)).toEqual([
      'Removes READ_TOPIC on "a/x" (it no longer inherits READ_TOPIC, SELECT_TOPIC from "a").',
    ]);
    const unassigned = {
      ...definition(nested),
      pathPermissions: { 'a/b/c': ['UPDATE_TOPIC'] },
    } satisfies RoleDefinition;
    expect(describeRoleChange(nested, unassigned)).toEqual([
      'Stops assigning permissions on "a" (it inherits again: the default path permissions (READ_TOPIC)).',
    ]);
  });

  it('a blank description is no description', () => {
    const plain = stored('p');
    expect(describeRoleChange(plain, { ...definition(plain), description: '  ' })).toEqual([]);
    expect(
      describeRoleChange(sensors, { ...definition(sensors), description: ' Sensors ' }),
    ).toEqual([]);
    expect(describeRoleChange(sensors, { ...definition(sensors), description: '' })).toEqual([
      'Removes the description.',
    ]);
  });

  it('clearing the description', () => {
    expect(describeRoleChange(sensors, { ...definition(sensors), description: null })).toEqual([
      'Removes the description.',
    ]);
  });
});

describe('describeRoleRemoval', () => {
  const store: SecurityStore = {
    roles: [
      stored('CLIENT', { builtIn: true }),
      stored('sensors'),
      stored('wide', { includedRoles: ['sensors'] }),
      stored('also', { includedRoles: ['CLIENT', 'sensors'] }),
    ],
    rolesForNamedSessions: ['sensors'],
    rolesForAnonymousSessions: ['sensors', 'CLIENT'],
    isolatedPaths: [],
  };
  const principals: Principal[] = [
    { name: 'zed', roles: ['sensors'], lockingPrincipal: null },
    { name: 'amy', roles: ['CLIENT', 'sensors'], lockingPrincipal: null },
    { name: 'bob', roles: ['CLIENT'], lockingPrincipal: null },
  ];

  it('names everyone who loses the role', () => {
    expect(describeRoleRemoval({ name: 'sensors' }, principals, store)).toEqual([
      'Removes role "sensors".',
      'Takes it from principals "amy", "zed".',
      'Sessions of principals no longer get it by default.',
      'Anonymous sessions no longer get it.',
      'Roles "also", "wide" no longer include it.',
      'Connected sessions lose its permissions at once.',
    ]);
  });

  it('one holder, one including role', () => {
    const small: SecurityStore = {
      ...store,
      roles: [stored('x'), stored('y', { includedRoles: ['x'] })],
      rolesForNamedSessions: [],
      rolesForAnonymousSessions: [],
    };
    expect(
      describeRoleRemoval(
        { name: 'x' },
        [{ name: 'p', roles: ['x'], lockingPrincipal: null }],
        small,
      ),
    ).toEqual([
      'Removes role "x".',
      'Takes it from principal "p".',
      'Role "y" no longer includes it.',
      'Connected sessions lose its permissions at once.',
    ]);
  });

  it('an unused role', () => {
    expect(describeRoleRemoval({ name: 'wide' }, principals, store)).toEqual([
      'Removes role "wide".',
      'No principal, default role list or other role uses it.',
    ]);
  });

  it('by name, and before the principals are known', () => {
    expect(describeRoleRemoval('sensors', undefined, store)).toEqual([
      'Removes role "sensors".',
      'Takes it from every principal that holds it.',
      'Sessions of principals no longer get it by default.',
      'Anonymous sessions no longer get it.',
      'Roles "also", "wide" no longer include it.',
      'Connected sessions lose its permissions at once.',
    ]);
  });

  it('a built-in role cannot be removed', () => {
    expect(describeRoleRemoval({ name: 'CLIENT' }, principals, store)).toEqual([
      'CLIENT is a built-in role and cannot be removed.',
    ]);
  });
});

describe('describeDefaultRolesChange', () => {
  it('lists roles added and removed for each kind of session, names sorted', () => {
    expect(
      describeDefaultRolesChange(
        { rolesForNamedSessions: ['b', 'a'], rolesForAnonymousSessions: ['CLIENT'] },
        { rolesForNamedSessions: ['a', 'z', 'c'], rolesForAnonymousSessions: [] },
      ),
    ).toEqual([
      'Sessions of principals also get role "c".',
      'Sessions of principals also get role "z".',
      'Sessions of principals no longer get role "b".',
      'Anonymous sessions no longer get role "CLIENT".',
    ]);
  });

  it('the same lists in another order change nothing', () => {
    expect(
      describeDefaultRolesChange(
        { rolesForNamedSessions: ['a', 'b'], rolesForAnonymousSessions: [] },
        { rolesForNamedSessions: ['b', 'a'], rolesForAnonymousSessions: [] },
      ),
    ).toEqual([]);
  });
});

describe('describeIsolatedPathsChange', () => {
  it('says what isolation does, paths sorted', () => {
    expect(
      describeIsolatedPathsChange(['x/y', 'keep', 'top'], ['keep', 'b/c', 'a/b', 'n']),
    ).toEqual([
      'Isolates "a/b": permissions assigned above it no longer apply to it and the paths below it.',
      'Isolates "b/c": permissions assigned above it no longer apply to it and the paths below it.',
      'Isolates "n" (no effect on permissions: a top-level path inherits from no other path).',
      'Stops isolating "top".',
      'Stops isolating "x/y": permissions assigned above it apply again to it and the paths below it.',
    ]);
    expect(describeIsolatedPathsChange(['a', 'b'], ['b', 'a'])).toEqual([]);
  });
});

describe('describePrincipalChange', () => {
  const ops: Principal = { name: 'ops', roles: ['CLIENT', 'sensors'], lockingPrincipal: null };

  it('a new principal', () => {
    expect(
      describePrincipalChange(null, {
        name: 'sensor-7',
        roles: ['sensors', 'CLIENT'],
        passwordChanged: true,
      }),
    ).toEqual([
      'Adds principal "sensor-7".',
      'Sets its password.',
      'Assigns roles "CLIENT", "sensors".',
    ]);
    expect(
      describePrincipalChange(null, {
        name: 'p',
        roles: [],
        passwordChanged: true,
        lockingPrincipal: 'ops',
      }),
    ).toEqual([
      'Adds principal "p".',
      'Sets its password.',
      'Assigns no roles: its sessions get only the roles for named sessions.',
      'Locks the principal to principal "ops".',
    ]);
  });

  it('changed roles, password and lock', () => {
    expect(
      describePrincipalChange(ops, {
        roles: ['sensors', 'OPERATOR', 'PUBLISHER'],
        passwordChanged: true,
        lockingPrincipal: 'sec',
      }),
    ).toEqual([
      'Assigns roles "OPERATOR", "PUBLISHER".',
      'Takes away role "CLIENT".',
      'Changes the password: its connected sessions are disconnected.',
      'Locks the principal to principal "sec".',
    ]);
  });

  it('nothing changed', () => {
    expect(
      describePrincipalChange(ops, { roles: ['sensors', 'CLIENT'], passwordChanged: false }),
    ).toEqual([]);
    expect(
      describePrincipalChange(ops, {
        roles: ['CLIENT', 'sensors'],
        passwordChanged: false,
        lockingPrincipal: null,
      }),
    ).toEqual([]);
  });
});

describe('describeAnonymousActionChange', () => {
  it.each<[string, 'ALLOW' | 'DENY' | 'ABSTAIN', 'ALLOW' | 'DENY' | 'ABSTAIN', string[], string[]]>(
    [
      ['unchanged', 'DENY', 'DENY', ['CLIENT'], []],
      [
        'allowing, with roles',
        'DENY',
        'ALLOW',
        ['PUBLISHER', 'CLIENT'],
        ['Allows anonymous connections, with roles "CLIENT", "PUBLISHER".'],
      ],
      [
        'allowing, with one role',
        'ABSTAIN',
        'ALLOW',
        ['CLIENT'],
        ['Allows anonymous connections, with role "CLIENT".'],
      ],
      [
        'allowing, with no roles',
        'DENY',
        'ALLOW',
        [],
        ['Allows anonymous connections, with no roles: they may connect but do nothing.'],
      ],
      [
        'denying what was allowed',
        'ALLOW',
        'DENY',
        ['CLIENT'],
        ['Refuses anonymous connections.', 'Connected anonymous sessions are disconnected.'],
      ],
      ['denying what abstained', 'ABSTAIN', 'DENY', [], ['Refuses anonymous connections.']],
      [
        'abstaining',
        'ALLOW',
        'ABSTAIN',
        [],
        [
          'Leaves anonymous connections to another authenticator; there is none, so they are refused.',
          'Connected anonymous sessions are disconnected.',
        ],
      ],
    ],
  )('%s', (_case, before, after, roles, sentences) => {
    expect(describeAnonymousActionChange(before, after, roles)).toEqual(sentences);
  });
});

describe('describeTrustedPropertiesChange', () => {
  it('added, removed and changed properties, names sorted', () => {
    expect(
      describeTrustedPropertiesChange(
        {
          Department: { type: 'values', values: ['north', 'south'] },
          Gone: { type: 'regex', regex: 'x' },
          Kind: { type: 'regex', regex: 'a.*' },
          Same: { type: 'values', values: ['1'] },
          Switch: { type: 'values', values: ['one'] },
        },
        {
          Department: { type: 'values', values: ['south', 'east'] },
          Kind: { type: 'regex', regex: 'b.*' },
          Region: { type: 'regex', regex: 'eu-[a-z]+' },
          Same: { type: 'values', values: ['1'] },
          Site: { type: 'values', values: ['lab'] },
          Switch: { type: 'regex', regex: 'o.e' },
        },
      ),
    ).toEqual([
      'Property "Department": also accepts "east".',
      'Property "Department": no longer accepts "north".',
      'Stops trusting property "Gone": clients\' proposals of it are dropped.',
      'Property "Kind": now accepts values matching the whole pattern "b.*" (was values matching the whole pattern "a.*").',
      'Trusts property "Region" with values matching the whole pattern "eu-[a-z]+".',
      'Trusts property "Site" with value "lab".',
      'Property "Switch": now accepts values matching the whole pattern "o.e" (was value "one").',
    ]);
  });

  it('nothing changed', () => {
    expect(
      describeTrustedPropertiesChange(
        { A: { type: 'values', values: ['x', 'y'] } },
        { A: { type: 'values', values: ['y', 'x'] } },
      ),
    ).toEqual([]);
  });
});
