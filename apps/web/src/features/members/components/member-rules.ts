import type { Member } from '@herald/contract/members/member.schema';
import { evaluateMemberChange } from '@herald/contract/members/owner-invariant';
import { ROLES, type Role } from '@herald/contract/members/permissions';

/** What the actor may do to one member, by the contract's owner invariant. */
export interface MemberActions {
  /** Roles the member can be given (their current one excluded). */
  assignableRoles: Role[];
  /** Why no role can be given, when none can. */
  changeRoleRefusal: string | null;
  /** Why the member cannot be removed, when they cannot. */
  removeRefusal: string | null;
}

export function memberActions(
  members: readonly Member[],
  target: Member,
  actorRoles: readonly string[],
): MemberActions {
  const candidates = ROLES.filter(
    (role) => !(target.roles.length === 1 && target.roles[0] === role),
  );
  const evaluated = candidates.map((role) => ({
    role,
    result: evaluateMemberChange(
      members,
      { kind: 'changeRole', customerid: target.customerid, role },
      actorRoles,
    ),
  }));
  const assignableRoles = evaluated.filter((entry) => entry.result.ok).map((entry) => entry.role);
  const firstRefusal = evaluated.find((entry) => !entry.result.ok)?.result;
  const removal = evaluateMemberChange(
    members,
    { kind: 'remove', customerid: target.customerid },
    actorRoles,
  );
  return {
    assignableRoles,
    changeRoleRefusal:
      assignableRoles.length === 0 && firstRefusal && !firstRefusal.ok ? firstRefusal.reason : null,
    removeRefusal: removal.ok ? null : removal.reason,
  };
}

export function memberName(member: Member): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

/** The highest of a member's roles, for display. */
export function displayRole(roles: readonly string[]): string {
  return [...ROLES].reverse().find((role) => roles.includes(role)) ?? '—';
}
