import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { Principal, Role } from '@herald/contract/security/security.schema';
import { Link } from 'react-router';
import classes from '../../../components/stacked-table.module.css';
import { DisabledWriteButton } from './disabled-write-button';

export interface RolesListProps {
  roles: Role[];
  /** Undefined while the principals load (or when they could not): the count is left out then. */
  principals: Principal[] | undefined;
  roleUrl: (name: string) => string;
  createUrl: string;
  canEdit: boolean;
}

function usedBy(role: Role, principals: Principal[] | undefined): string {
  if (principals === undefined) return '…';
  const count = principals.filter((principal) => principal.roles.includes(role.name)).length;
  return `Used by ${count} ${count === 1 ? 'principal' : 'principals'}`;
}

/** The roles of the service: built-ins first (as the runtime answers), then the custom ones. */
export function RolesList({ roles, principals, roleUrl, createUrl, canEdit }: RolesListProps) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" maw={640}>
          A role grants permissions on topic paths and on the service. Principals get roles, and so
          do anonymous sessions, service API tokens and workspace members.
        </Text>
        {canEdit ? (
          <Button component={Link} to={createUrl}>
            Create role
          </Button>
        ) : (
          <DisabledWriteButton label="Create role" />
        )}
      </Group>
      <Table.ScrollContainer minWidth={720} className={classes.scroll}>
        <Table verticalSpacing="sm" className={classes.table} aria-label="Roles">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Included roles</Table.Th>
              <Table.Th>Paths</Table.Th>
              <Table.Th>Principals</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roles.map((role) => {
              const paths = Object.keys(role.pathPermissions).length;
              return (
                <Table.Tr key={role.name}>
                  <Table.Td data-label="Name">
                    <Anchor
                      component={Link}
                      to={roleUrl(role.name)}
                      fw={600}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {role.name}
                    </Anchor>
                    {role.builtIn && (
                      <Badge ml="xs" size="xs" variant="outline" color="gray">
                        Built-in
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td data-label="About">
                    {role.description ?? (
                      <Text span size="sm" c="dimmed">
                        No description
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label="Includes">
                    {role.includedRoles.length > 0 ? role.includedRoles.join(', ') : '—'}
                  </Table.Td>
                  <Table.Td data-label="Paths">
                    {paths === 0 ? 'None' : `${paths} ${paths === 1 ? 'path' : 'paths'}`}
                  </Table.Td>
                  <Table.Td data-label="Principals">{usedBy(role, principals)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
