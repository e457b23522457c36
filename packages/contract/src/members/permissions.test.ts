import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  ROLE_PERMISSIONS,
  canManageMembers,
  canSeeUpgradePrompt,
  hasPermission,
  knownRoles,
  permissionsForRoles,
  rolesOfUser,
  rolesOfUserInFirstWorkspace,
  type Permission,
} from './permissions';

const adminPermissions = [
  'restart-service',
  'manage-billing',
  'upgrade-service',
  'create-service',
  'cancel-service',
  'configure-service-console',
  'reset-topics',
];

describe('ROLE_PERMISSIONS', () => {
  it.each([
    ['User', ['restart-service']],
    ['Admin', adminPermissions],
    ['Owner', adminPermissions],
  ] as const)('grants role %s exactly %j', (role, expected) => {
    expect(ROLE_PERMISSIONS[role]).toEqual(expected);
  });
});

describe('permissionsForRoles', () => {
  it.each([
    [[], []],
    [['User'], ['restart-service']],
    [['Admin'], adminPermissions],
    [['Owner'], adminPermissions],
    [['User', 'Admin'], adminPermissions],
    [['Admin', 'Owner', 'Admin'], adminPermissions],
    [['Guest'], []],
    [['user'], []],
    [['Guest', 'User'], ['restart-service']],
  ])('gives roles %j the permissions %j', (roles, expected) => {
    expect(permissionsForRoles(roles)).toEqual(expected);
  });
});

describe('hasPermission', () => {
  const cases: [string[], Permission, boolean][] = PERMISSIONS.flatMap((permission) => [
    [['User'], permission, permission === 'restart-service'],
    [['Admin'], permission, true],
    [['Owner'], permission, true],
    [[], permission, false],
  ]);

  it.each(cases)('says roles %j have %s: %s', (roles, permission, expected) => {
    expect(hasPermission(roles, permission)).toBe(expected);
  });
});

describe('knownRoles', () => {
  it.each([
    [
      ['Owner', 'User', 'Owner', 'Root'],
      ['User', 'Owner'],
    ],
    [[], []],
  ])('keeps of %j only the known roles %j', (roles, expected) => {
    expect(knownRoles(roles)).toEqual(expected);
  });
});

describe('rolesOfUser', () => {
  const workspace = {
    users: [
      { customerid: 'c-owner', roles: ['Owner'] },
      { customerid: 'c-admin', roles: ['Admin', 'Mystery'] },
      { customerid: 'c-user', roles: ['User'] },
    ],
  };

  it.each([
    ['c-owner', ['Owner']],
    ['c-admin', ['Admin']],
    ['c-user', ['User']],
    ['c-stranger', []],
  ])('finds for customer %s the roles %j', (customerid, expected) => {
    expect(rolesOfUser(workspace, customerid)).toEqual(expected);
  });

  it.each([null, undefined])('finds no roles when the workspace is %s', (missing) => {
    expect(rolesOfUser(missing, 'c-owner')).toEqual([]);
  });

  it.each([
    [
      'the first workspace',
      [workspace, { users: [{ customerid: 'c-user', roles: ['Owner'] }] }],
      ['User'],
    ],
    ['no workspace at all', [], []],
  ])('takes the roles from %s only', (_label, workspaces, expected) => {
    expect(rolesOfUserInFirstWorkspace(workspaces, 'c-user')).toEqual(expected);
  });
});

describe('canSeeUpgradePrompt', () => {
  it.each([
    [['Owner'], true],
    [['Admin'], true],
    [['User', 'Admin'], true],
    [['User'], false],
    [[], false],
    [['owner'], false],
  ])('shows the upgrade prompt to roles %j: %s', (roles, expected) => {
    expect(canSeeUpgradePrompt(roles)).toBe(expected);
  });
});

describe('canManageMembers', () => {
  it.each([
    [['User'], false],
    [['Admin'], true],
    [['Owner'], true],
    [['User', 'Admin'], true],
    [[], false],
  ])('for roles %j is %s', (roles, expected) => {
    expect(canManageMembers(roles)).toBe(expected);
  });
});
