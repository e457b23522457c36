import { Badge, Button, Group, Table, Tooltip } from '@mantine/core';
import type { Member } from '@herald/contract/members/member.schema';
import { useState } from 'react';
import { useRemoveMemberMutation } from '../api/members-mutations';
import { ChangeRoleModal } from './change-role-modal';
import { formatDate } from '../../../lib/format/date-time-format';
import { showToast } from '../../../lib/ui/toast';
import { ConfirmModal } from '../../../components/confirm-modal';
import classes from '../../../components/stacked-table.module.css';
import { displayRole, memberActions, memberName } from './member-rules';
import { DANGER_TEXT } from '../../../components/danger-colour';

export interface MembersTableProps {
  workspaceId: string;
  members: Member[];
  customerid: string;
  actorRoles: readonly string[];
  /** Admins and the Owner get the actions column. */
  canManage: boolean;
  /** After a role change or removal (roles in the workspace list may have changed). */
  onMembersChanged: () => void;
}

/** A disabled action that still says why (focusable, so the reason is reachable by keyboard). */
function RefusedAction({ label, reason }: { label: string; reason: string }) {
  return (
    <Tooltip label={reason} multiline w={260}>
      <Button
        size="xs"
        variant="default"
        data-disabled
        aria-disabled="true"
        aria-description={reason}
        onClick={(event) => event.preventDefault()}
      >
        {label}
      </Button>
    </Tooltip>
  );
}

/** The members table: name, e-mail, role, joined; role changes and removals for managers. */
export function MembersTable({
  workspaceId,
  members,
  customerid,
  actorRoles,
  canManage,
  onMembersChanged,
}: MembersTableProps) {
  const [changing, setChanging] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const removeMember = useRemoveMemberMutation(workspaceId);

  return (
    <>
      <Table.ScrollContainer minWidth={640} className={classes.scroll}>
        <Table verticalSpacing="sm" className={classes.table} aria-label="Members">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Joined</Table.Th>
              {canManage && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => {
              const actions = canManage ? memberActions(members, member, actorRoles) : null;
              const isSelf = member.customerid === customerid;
              const name = memberName(member);
              return (
                <Table.Tr key={member.customerid}>
                  <Table.Td data-label="Name">
                    {name}
                    {isSelf && (
                      <Badge ml="xs" size="xs" variant="outline" color="gray">
                        You
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td data-label="E-mail">{member.email}</Table.Td>
                  <Table.Td data-label="Role">{displayRole(member.roles)}</Table.Td>
                  <Table.Td data-label="Joined">{formatDate(member.joinedAt)}</Table.Td>
                  {actions !== null && (
                    <Table.Td data-label="Actions">
                      <Group gap="xs" wrap="nowrap">
                        {actions.changeRoleRefusal === null ? (
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`Change role of ${name}`}
                            onClick={() => setChanging(member)}
                          >
                            Change role
                          </Button>
                        ) : (
                          <RefusedAction label="Change role" reason={actions.changeRoleRefusal} />
                        )}
                        {!isSelf &&
                          (actions.removeRefusal === null ? (
                            <Button
                              size="xs"
                              variant="default"
                              c={DANGER_TEXT}
                              aria-label={`Remove ${name}`}
                              onClick={() => setRemoving(member)}
                            >
                              Remove
                            </Button>
                          ) : (
                            <RefusedAction label="Remove" reason={actions.removeRefusal} />
                          ))}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {canManage && (
        <>
          <ChangeRoleModal
            workspaceId={workspaceId}
            members={members}
            target={changing}
            actorRoles={actorRoles}
            onClose={() => setChanging(null)}
            onChanged={onMembersChanged}
          />
          <ConfirmModal
            opened={removing !== null}
            title="Remove member"
            message={
              removing
                ? `Remove ${memberName(removing)} (${removing.email}) from the organisation? They lose access to its services.`
                : ''
            }
            confirmLabel="Remove"
            loading={removeMember.isPending}
            onClose={() => setRemoving(null)}
            onConfirm={() =>
              removing &&
              removeMember.mutate(removing.customerid, {
                onSuccess: () => {
                  showToast({
                    variant: 'success',
                    message: `${memberName(removing)} was removed from the organisation`,
                  });
                  setRemoving(null);
                  onMembersChanged();
                },
              })
            }
          />
        </>
      )}
    </>
  );
}
