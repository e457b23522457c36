import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_ROLE_NAMES,
  BUILT_IN_ROLES,
  GLOBAL_PERMISSION_WORDS,
  GLOBAL_PERMISSIONS,
  isBuiltInRole,
  PATH_PERMISSION_WORDS,
  PATH_PERMISSIONS,
  ROLE_NAME_PATTERN,
  TOKEN_SESSION_ROLES,
} from './permissions';
import { findRoleCycle } from './resolve-permissions';

describe('built-in roles', () => {
  const names = BUILT_IN_ROLES.map(({ name }) => name);

  it('are exactly the named built-ins, each once, with valid names', () => {
    expect([...names].sort()).toEqual(Object.values(BUILT_IN_ROLE_NAMES).sort());
    for (const name of names) expect(name).toMatch(ROLE_NAME_PATTERN);
  });

  it('include only roles that exist, with no cycle', () => {
    for (const role of BUILT_IN_ROLES) {
      for (const included of role.includedRoles) expect(names).toContain(included);
    }
    expect(findRoleCycle(BUILT_IN_ROLES)).toBeNull();
  });

  it('name only valid permissions, each once', () => {
    for (const role of BUILT_IN_ROLES) {
      for (const permission of role.globalPermissions)
        expect(GLOBAL_PERMISSIONS).toContain(permission);
      const pathLists = [role.defaultPathPermissions, ...Object.values(role.pathPermissions)];
      for (const list of pathLists) {
        for (const permission of list) expect(PATH_PERMISSIONS).toContain(permission);
        expect(new Set(list).size).toBe(list.length);
      }
      expect(new Set(role.globalPermissions).size).toBe(role.globalPermissions.length);
      expect(role.lockingPrincipal).toBeNull();
      expect(role.description.length).toBeGreaterThan(0);
    }
  });

  it('ADMINISTRATOR holds every permission', () => {
    const administrator = BUILT_IN_ROLES.find(({ name }) => name === 'ADMINISTRATOR');
    expect(administrator?.globalPermissions).toEqual([...GLOBAL_PERMISSIONS]);
    expect(administrator?.defaultPathPermissions).toEqual([...PATH_PERMISSIONS]);
  });

  it('the token roles are built-in roles', () => {
    for (const roles of Object.values(TOKEN_SESSION_ROLES)) {
      for (const name of roles) expect(isBuiltInRole(name)).toBe(true);
    }
    expect(isBuiltInRole('administrator')).toBe(false);
    expect(isBuiltInRole('custom')).toBe(false);
  });
});

describe('permission words', () => {
  it('every permission has a label and an effect for people', () => {
    expect(Object.keys(GLOBAL_PERMISSION_WORDS).sort()).toEqual([...GLOBAL_PERMISSIONS].sort());
    expect(Object.keys(PATH_PERMISSION_WORDS).sort()).toEqual([...PATH_PERMISSIONS].sort());
    for (const words of [
      ...Object.values(GLOBAL_PERMISSION_WORDS),
      ...Object.values(PATH_PERMISSION_WORDS),
    ]) {
      expect(words.label.length).toBeGreaterThan(0);
      expect(words.effect).toMatch(/\.$/);
    }
  });
});

describe('ROLE_NAME_PATTERN', () => {
  it.each([
    ['sensors-rw', true],
    ['a.b_c-1', true],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
    ['', false],
    ['has space', false],
    ['slash/no', false],
  ])('"%s": %s', (name, valid) => {
    expect(ROLE_NAME_PATTERN.test(name)).toBe(valid);
  });
});
