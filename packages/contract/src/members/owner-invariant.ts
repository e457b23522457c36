import { isRole, type Role } from './permissions';

/**
 * Who may change whom in an organisation's member list. Spec section 5: "An owner must always
 * exist in an organisation"; the members tour (section 2): "roles can be changed and non-owners
 * removed; a single owner must always exist". The enforcement itself is "not shown" in section 6,
 * so these rules are ours:
 * - a User can change nothing;
 * - an Admin can change the role of, or remove, any non-owner (themselves included) but can never
 *   remove or demote the Owner, nor make anyone Owner;
 * - the Owner can do what an Admin can, and transfer ownership: making another member Owner
 *   demotes the previous Owner to Admin in the same change;
 * - nobody can remove or demote the Owner directly: ownership only moves by a transfer.
 */

/** User-facing reasons for a refused member change. */
export const MEMBER_CHANGE_REASONS = {
  ownerMustExist: 'An owner must always exist in an organisation.',
  actorCannotManageMembers: 'Only an admin or the owner can change members of an organisation.',
  adminCannotChangeOwner: 'An admin cannot remove the owner or change their role.',
  onlyOwnerCanTransferOwnership: 'Only the owner can make another member the owner.',
  memberNotFound: 'This person is not a member of the organisation.',
  unknownRole: 'The role must be User, Admin or Owner.',
} as const;

export type MemberChangeReason = (typeof MEMBER_CHANGE_REASONS)[keyof typeof MEMBER_CHANGE_REASONS];

export interface MemberInput {
  customerid: string;
  roles: readonly string[];
}

export type MemberChange =
  { kind: 'changeRole'; customerid: string; role: string } | { kind: 'remove'; customerid: string };

export interface RoleUpdate {
  customerid: string;
  roles: Role[];
}

export type MemberChangeResult<T extends MemberInput> =
  | {
      ok: true;
      /** The member list after the change. */
      members: T[];
      /** Members whose roles change (two on an ownership transfer), for persisting. */
      roleUpdates: RoleUpdate[];
      /** The customer id of the removed member, if any. */
      removed: string | null;
    }
  | { ok: false; reason: MemberChangeReason };

function isOwner(roles: readonly string[]): boolean {
  return roles.includes('Owner');
}

function refuse(reason: MemberChangeReason): { ok: false; reason: MemberChangeReason } {
  return { ok: false, reason };
}

/**
 * Evaluates a proposed change of a member's role or a removal, by an actor with `actorRoles`.
 * Checks, in order: the actor may manage members, the target exists, the role is known, then the
 * owner rules above. On success returns the resulting member list; a change to the role a member
 * already has alone is accepted with no updates. An organisation with several Owners (legacy data)
 * gets exactly one again on the next transfer, which demotes every previous Owner.
 */
export function evaluateMemberChange<T extends MemberInput>(
  members: readonly T[],
  change: MemberChange,
  actorRoles: readonly string[],
): MemberChangeResult<T> {
  const actorIsOwner = isOwner(actorRoles);
  if (!actorIsOwner && !actorRoles.includes('Admin')) {
    return refuse(MEMBER_CHANGE_REASONS.actorCannotManageMembers);
  }
  const target = members.find((member) => member.customerid === change.customerid);
  if (target === undefined) return refuse(MEMBER_CHANGE_REASONS.memberNotFound);
  const targetIsOwner = isOwner(target.roles);

  if (change.kind === 'remove') {
    if (targetIsOwner) {
      return refuse(
        actorIsOwner
          ? MEMBER_CHANGE_REASONS.ownerMustExist
          : MEMBER_CHANGE_REASONS.adminCannotChangeOwner,
      );
    }
    return {
      ok: true,
      members: members.filter((member) => member !== target),
      roleUpdates: [],
      removed: target.customerid,
    };
  }

  const role = change.role;
  if (!isRole(role)) return refuse(MEMBER_CHANGE_REASONS.unknownRole);
  if (target.roles.length === 1 && target.roles[0] === role) {
    return { ok: true, members: [...members], roleUpdates: [], removed: null };
  }
  if (targetIsOwner) {
    return refuse(
      actorIsOwner
        ? MEMBER_CHANGE_REASONS.ownerMustExist
        : MEMBER_CHANGE_REASONS.adminCannotChangeOwner,
    );
  }
  if (role === 'Owner' && !actorIsOwner) {
    return refuse(MEMBER_CHANGE_REASONS.onlyOwnerCanTransferOwnership);
  }

  const roleUpdates: RoleUpdate[] = [];
  const next = members.map((member): T => {
    if (member === target) {
      roleUpdates.push({ customerid: member.customerid, roles: [role] });
      return { ...member, roles: [role] };
    }
    if (role === 'Owner' && isOwner(member.roles)) {
      roleUpdates.push({ customerid: member.customerid, roles: ['Admin'] });
      return { ...member, roles: ['Admin'] };
    }
    return member;
  });
  // Defence in depth: no accepted change may take away an organisation's last Owner.
  if (
    members.some((member) => isOwner(member.roles)) &&
    !next.some((member) => isOwner(member.roles))
  ) {
    return refuse(MEMBER_CHANGE_REASONS.ownerMustExist);
  }
  return { ok: true, members: next, roleUpdates, removed: null };
}
