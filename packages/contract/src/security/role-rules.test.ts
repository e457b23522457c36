import { describe, expect, it } from 'vitest';
import type { RoleDefinition } from './permissions';
import { BUILT_IN_ROLES } from './permissions';
import { checkRoleSave, unknownRoles } from './role-rules';

function role(name: string, includedRoles: string[] = []): RoleDefinition {
  return {
    name,
    globalPermissions: [],
    defaultPathPermissions: [],
    pathPermissions: {},
    includedRoles,
    lockingPrincipal: null,
  };
}

const store = [...BUILT_IN_ROLES, role('a', ['b']), role('b'), role('c', ['CLIENT'])];

describe('checkRoleSave', () => {
  it.each<[string, RoleDefinition, ReturnType<typeof checkRoleSave>]>([
    ['a new role including a built-in', role('new', ['CLIENT', 'a']), { ok: true }],
    ['replacing a role with the same inclusions', role('a', ['b']), { ok: true }],
    ['a diamond', role('d', ['a', 'b']), { ok: true }],
    [
      'a built-in role',
      role('CLIENT'),
      {
        ok: false,
        field: 'roleName',
        message:
          'CLIENT is a built-in role and cannot be changed; create a role that includes it instead',
      },
    ],
    [
      'an unknown included role',
      role('new', ['b', 'ghost', 'ghoul']),
      { ok: false, field: 'body.includedRoles', message: 'unknown role "ghost", "ghoul"' },
    ],
    [
      'a role including itself',
      role('new', ['new']),
      {
        ok: false,
        field: 'body.includedRoles',
        message: 'included roles may not form a cycle: new → new',
      },
    ],
    [
      'a change that closes a cycle through others',
      role('b', ['a']),
      {
        ok: false,
        field: 'body.includedRoles',
        message: 'included roles may not form a cycle: a → b → a',
      },
    ],
  ])('%s', (_case, candidate, expected) => {
    expect(checkRoleSave(store, candidate)).toEqual(expected);
  });
});

describe('unknownRoles', () => {
  it('lists the names the store does not have, in the given order', () => {
    expect(unknownRoles(store, ['a', 'zz', 'CLIENT', 'yy'])).toEqual(['zz', 'yy']);
    expect(unknownRoles(store, [])).toEqual([]);
  });
});
