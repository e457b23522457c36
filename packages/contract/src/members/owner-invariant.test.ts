import { describe, expect, it } from 'vitest';
import { ROLES } from './permissions';
import {
  MEMBER_CHANGE_REASONS as reasons,
  evaluateMemberChange,
  type MemberChange,
} from './owner-invariant';

const members = [
  { customerid: 'owner', email: 'owner@example.com', roles: ['Owner'] },
  { customerid: 'admin', email: 'admin@example.com', roles: ['Admin'] },
  { customerid: 'admin2', email: 'admin2@example.com', roles: ['Admin'] },
  { customerid: 'user', email: 'user@example.com', roles: ['User'] },
  { customerid: 'user2', email: 'user2@example.com', roles: ['User'] },
];

const remove = (customerid: string): MemberChange => ({ kind: 'remove', customerid });
const setRole = (customerid: string, role: string): MemberChange => ({
  kind: 'changeRole',
  customerid,
  role,
});

function rolesAfter(result: ReturnType<typeof evaluateMemberChange>): Record<string, string[]> {
  if (!result.ok) throw new Error(result.reason);
  return Object.fromEntries(result.members.map((member) => [member.customerid, [...member.roles]]));
}

describe('evaluateMemberChange refuses', () => {
  it.each([
    ['a User', ['User'], remove('user2'), reasons.actorCannotManageMembers],
    ['a User', ['User'], setRole('user2', 'Admin'), reasons.actorCannotManageMembers],
    ['a User', ['User'], setRole('user', 'Admin'), reasons.actorCannotManageMembers],
    ['a User', ['User'], remove('user'), reasons.actorCannotManageMembers],
    ['someone without roles', [], remove('user'), reasons.actorCannotManageMembers],
    ['someone with an unknown role', ['Root'], remove('user'), reasons.actorCannotManageMembers],
    ['an Admin', ['Admin'], remove('owner'), reasons.adminCannotChangeOwner],
    ['an Admin', ['Admin'], setRole('owner', 'Admin'), reasons.adminCannotChangeOwner],
    ['an Admin', ['Admin'], setRole('owner', 'User'), reasons.adminCannotChangeOwner],
    ['an Admin', ['Admin'], setRole('user', 'Owner'), reasons.onlyOwnerCanTransferOwnership],
    ['an Admin', ['Admin'], setRole('admin', 'Owner'), reasons.onlyOwnerCanTransferOwnership],
    ['the Owner', ['Owner'], remove('owner'), reasons.ownerMustExist],
    ['the Owner', ['Owner'], setRole('owner', 'Admin'), reasons.ownerMustExist],
    ['the Owner', ['Owner'], setRole('owner', 'User'), reasons.ownerMustExist],
    ['the Owner', ['Owner'], remove('nobody'), reasons.memberNotFound],
    ['an Admin', ['Admin'], setRole('nobody', 'User'), reasons.memberNotFound],
    ['the Owner', ['Owner'], setRole('user', 'Root'), reasons.unknownRole],
    ['the Owner', ['Owner'], setRole('user', 'admin'), reasons.unknownRole],
  ])('when %s (roles %j) asks for %j, with reason %j', (_actor, actorRoles, change, reason) => {
    expect(evaluateMemberChange(members, change, actorRoles)).toEqual({ ok: false, reason });
  });
});

describe('evaluateMemberChange accepts', () => {
  it.each([
    ['an Admin', ['Admin'], remove('user'), 'user'],
    ['an Admin', ['Admin'], remove('admin2'), 'admin2'],
    ['an Admin removing themselves', ['Admin'], remove('admin'), 'admin'],
    ['the Owner', ['Owner'], remove('admin'), 'admin'],
    ['the Owner', ['Owner'], remove('user2'), 'user2'],
  ])('the removal of a non-owner by %s', (_actor, actorRoles, change, removed) => {
    const result = evaluateMemberChange(members, change, actorRoles);
    expect(result).toMatchObject({ ok: true, removed, roleUpdates: [] });
    expect(Object.keys(rolesAfter(result))).not.toContain(removed);
    expect(Object.keys(rolesAfter(result))).toHaveLength(members.length - 1);
  });

  it.each([
    ['an Admin', ['Admin'], setRole('user', 'Admin'), [{ customerid: 'user', roles: ['Admin'] }]],
    ['an Admin', ['Admin'], setRole('admin2', 'User'), [{ customerid: 'admin2', roles: ['User'] }]],
    [
      'an Admin demoting themselves',
      ['Admin'],
      setRole('admin', 'User'),
      [{ customerid: 'admin', roles: ['User'] }],
    ],
    ['the Owner', ['Owner'], setRole('admin', 'User'), [{ customerid: 'admin', roles: ['User'] }]],
    [
      'the Owner',
      ['Owner'],
      setRole('user2', 'Admin'),
      [{ customerid: 'user2', roles: ['Admin'] }],
    ],
  ])('a role change of a non-owner by %s', (_actor, actorRoles, change, roleUpdates) => {
    expect(evaluateMemberChange(members, change, actorRoles)).toMatchObject({
      ok: true,
      removed: null,
      roleUpdates,
    });
  });

  it.each([
    ['a User', 'user'],
    ['an Admin', 'admin'],
  ])(
    'an ownership transfer by the Owner to %s, demoting the previous Owner to Admin',
    (_label, target) => {
      const result = evaluateMemberChange(members, setRole(target, 'Owner'), ['Owner']);
      expect(result).toMatchObject({
        ok: true,
        removed: null,
        roleUpdates: [
          { customerid: 'owner', roles: ['Admin'] },
          { customerid: target, roles: ['Owner'] },
        ],
      });
      const roles = rolesAfter(result);
      expect(roles.owner).toEqual(['Admin']);
      expect(roles[target]).toEqual(['Owner']);
    },
  );

  it.each([
    ['the Owner', ['Owner'], setRole('user', 'User')],
    ['an Admin', ['Admin'], setRole('owner', 'Owner')],
  ])(
    'a change by %s to the role a member already has, with nothing to update',
    (_actor, actorRoles, change) => {
      expect(evaluateMemberChange(members, change, actorRoles)).toEqual({
        ok: true,
        members,
        roleUpdates: [],
        removed: null,
      });
    },
  );
});

describe('evaluateMemberChange keeps exactly one Owner', () => {
  const changes = members.flatMap((member) => [
    remove(member.customerid),
    ...ROLES.map((role) => setRole(member.customerid, role)),
  ]);
  const cases = (['User', 'Admin', 'Owner'] as const).flatMap((actorRole) =>
    changes.map((change): [string, MemberChange] => [actorRole, change]),
  );

  it.each(cases)('after any accepted change by a %s, such as %j', (actorRole, change) => {
    const result = evaluateMemberChange(members, change, [actorRole]);
    if (result.ok) {
      expect(result.members.filter((member) => member.roles.includes('Owner'))).toHaveLength(1);
    }
  });

  it('restores a single Owner when a legacy organisation with two Owners transfers ownership', () => {
    const legacy = [
      { customerid: 'a', roles: ['Owner'] },
      { customerid: 'b', roles: ['Owner', 'Admin'] },
      { customerid: 'c', roles: ['User'] },
    ];
    const result = evaluateMemberChange(legacy, setRole('c', 'Owner'), ['Owner']);
    expect(rolesAfter(result)).toEqual({ a: ['Admin'], b: ['Admin'], c: ['Owner'] });
  });

  it('keeps the fields of members other than their roles', () => {
    const result = evaluateMemberChange(members, setRole('user', 'Owner'), ['Owner']);
    expect(result.ok && result.members.map((member) => member.email)).toEqual(
      members.map((member) => member.email),
    );
  });

  it('does not modify the member list it is given', () => {
    const snapshot = structuredClone(members);
    evaluateMemberChange(members, setRole('user', 'Owner'), ['Owner']);
    evaluateMemberChange(members, remove('user'), ['Owner']);
    expect(members).toEqual(snapshot);
  });
});
