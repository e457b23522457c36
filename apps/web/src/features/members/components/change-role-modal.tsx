import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { Member } from '@herald/contract/members/member.schema';
import { evaluateMemberChange } from '@herald/contract/members/owner-invariant';
import { ROLES, type Role } from '@herald/contract/members/permissions';
import { useState } from 'react';
import { showToast } from '../../../lib/ui/toast';
import { useChangeMemberRoleMutation } from '../api/members-mutations';
import { displayRole, memberName } from './member-rules';

/** The toast's words for the new role (the Owner is one person, so "the"). */
const ROLE_PHRASE: Record<Role, string> = { User: 'a User', Admin: 'an Admin', Owner: 'the Owner' };

export interface ChangeRoleModalProps {
  workspaceId: string;
  members: Member[];
  /** The member whose role changes; the modal is closed without one. */
  target: Member | null;
  actorRoles: readonly string[];
  onClose: () => void;
  onChanged: () => void;
}

/**
 * The change-user-role modal (spec section 2): User, Admin, and Owner for the Owner only (making
 * someone Owner transfers ownership). A choice the owner invariant refuses is disabled with why.
 */
export function ChangeRoleModal({ target, onClose, ...rest }: ChangeRoleModalProps) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Change role"
    >
      {target !== null && (
        <ChangeRoleForm key={target.customerid} target={target} onClose={onClose} {...rest} />
      )}
    </Modal>
  );
}

function ChangeRoleForm({
  workspaceId,
  members,
  target,
  actorRoles,
  onClose,
  onChanged,
}: Omit<ChangeRoleModalProps, 'target'> & { target: Member }) {
  const current = displayRole(target.roles);
  const [role, setRole] = useState<string>(current);
  const changeRole = useChangeMemberRoleMutation(workspaceId);
  const actorIsOwner = actorRoles.includes('Owner');
  const offered = ROLES.filter((option) => option !== 'Owner' || actorIsOwner);
  const refusals = new Map<string, string>();
  for (const option of offered) {
    const result = evaluateMemberChange(
      members,
      { kind: 'changeRole', customerid: target.customerid, role: option },
      actorRoles,
    );
    if (!result.ok) refusals.set(option, result.reason);
  }
  const refusal = refusals.get(role) ?? null;
  const unchanged = role === current;

  return (
    <Stack gap="md">
      <Text size="sm">
        Choose the role of <strong>{memberName(target)}</strong> ({target.email}).
      </Text>
      <Select
        label="Role"
        data={offered.map((option) => ({ value: option, label: option }))}
        value={role}
        onChange={(value) => value !== null && setRole(value)}
        allowDeselect={false}
        error={refusal ?? undefined}
        comboboxProps={{ withinPortal: true }}
      />
      {/* Only a change to Owner transfers ownership (the Owner alone is offered it). */}
      {role === 'Owner' && !unchanged && (
        <Alert variant="light" color="yellow" title="Transferring ownership">
          Making someone Owner transfers ownership: you become an Admin.
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={unchanged || refusal !== null}
          loading={changeRole.isPending}
          onClick={() =>
            changeRole.mutate(
              { customerid: target.customerid, role: role as Role },
              {
                onSuccess: () => {
                  showToast({
                    variant: 'success',
                    message: `${memberName(target)} is now ${ROLE_PHRASE[role as Role]}`,
                  });
                  onChanged();
                  onClose();
                },
              },
            )
          }
        >
          Save role
        </Button>
      </Group>
    </Stack>
  );
}
