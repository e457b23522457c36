import type { Principal } from '@herald/contract/security/security.schema';
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from '../../../components/stacked-table.module.css';
import { lightBadgeTextColor } from '../../../components/badge-contrast';
import { PrincipalActionsMenu } from './principals-actions-menu';
import type { PrincipalActionHandlers } from './principals-actions-menu';

export interface PrincipalsTableProps extends PrincipalActionHandlers {
  serviceId: string;
  principals: readonly Principal[];
  canEdit: boolean;
}

/** Name (opens the principal's panel), roles, lock, actions. */
export function PrincipalsTable({
  serviceId,
  principals,
  canEdit,
  ...handlers
}: PrincipalsTableProps) {
  return (
    <Table.ScrollContainer minWidth={640} className={classes.scroll}>
      <Table verticalSpacing="sm" className={classes.table} aria-label="Principals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Lock</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {principals.map((principal) => (
            <Table.Tr key={principal.name}>
              <Table.Td data-label="Name">
                <Anchor
                  component={Link}
                  to={`/service/${serviceId}/authentication/principals/${encodeURIComponent(principal.name)}`}
                  fw={600}
                  underline="always"
                >
                  {principal.name}
                </Anchor>
              </Table.Td>
              <Table.Td data-label="Roles">
                <PrincipalRoleBadges roles={principal.roles} />
              </Table.Td>
              <Table.Td data-label="Lock">
                <Text size="sm">
                  {principal.lockingPrincipal === null
                    ? 'Not locked'
                    : `Locked by ${principal.lockingPrincipal}`}
                </Text>
              </Table.Td>
              <Table.Td data-label="Actions">
                <Group gap="xs">
                  <PrincipalActionsMenu principal={principal} canEdit={canEdit} {...handlers} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function PrincipalRoleBadges({ roles }: { roles: readonly string[] }) {
  if (roles.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No roles
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {roles.map((role) => (
        <Badge
          key={role}
          variant="light"
          color="gray"
          tt="none"
          // Gray 9 on the light page, gray 2 on the dark one (a fixed gray 9 was unreadable there).
          style={{ '--badge-color': lightBadgeTextColor('gray') }}
        >
          {role}
        </Badge>
      ))}
    </Group>
  );
}
