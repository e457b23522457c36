import { ActionIcon, Checkbox, Code, Stack, Table, Text, Tooltip } from '@mantine/core';
import { DANGER_TEXT } from '../../../components/danger-colour';
import {
  PATH_PERMISSIONS,
  PATH_PERMISSION_WORDS,
  type PathPermission,
} from '@herald/contract/security/permissions';
import type { PathRow } from '../utils/role-form';
import { AddPathInput } from './add-path-input';

export interface PathPermissionsMatrixProps {
  rows: PathRow[];
  onChange: (rows: PathRow[]) => void;
  readOnly: boolean;
  /** A server error about the paths (e.g. one it refused). */
  error?: string;
}

// The path column stays in view while the permission columns scroll sideways (a phone shows two or three).
const stickyCell = {
  position: 'sticky',
  left: 0,
  zIndex: 2,
  background: 'var(--mantine-color-body)',
  minWidth: 140,
  maxWidth: 220,
  overflowWrap: 'anywhere',
} as const;

/**
 * Permissions by path: one row per path, one column per path permission. What a row grants replaces what the path
 * would inherit from its ancestors, so an empty row is meaningful ("nothing here").
 */
export function PathPermissionsMatrix({
  rows,
  onChange,
  readOnly,
  error,
}: PathPermissionsMatrixProps) {
  const toggle = (path: string, permission: PathPermission, isOn: boolean) =>
    onChange(
      rows.map((row) =>
        row.path !== path
          ? row
          : {
              path,
              permissions: PATH_PERMISSIONS.filter((candidate) =>
                candidate === permission ? isOn : row.permissions.includes(candidate),
              ),
            },
      ),
    );

  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500}>
          Path permissions
        </Text>
        <Text size="xs" c="dimmed">
          Permissions on a path replace what it would inherit, for the path and everything below it.
          A row with nothing ticked means nothing here and below: neither the ancestors&apos;
          permissions nor the default ones apply.
        </Text>
      </div>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No path has its own permissions: every path gets the default path permissions.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860} type="native">
          <Table
            withTableBorder
            withColumnBorders
            verticalSpacing={6}
            aria-label="Path permissions"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={stickyCell}>Path</Table.Th>
                {PATH_PERMISSIONS.map((permission) => (
                  <Table.Th key={permission} ta="center" fz="xs">
                    <Tooltip
                      label={`${PATH_PERMISSION_WORDS[permission].effect} (${permission})`}
                      multiline
                      w={220}
                      withArrow
                    >
                      <Text
                        span
                        fz="xs"
                        fw={600}
                        tabIndex={0}
                        style={{ textDecoration: 'underline dotted' }}
                      >
                        {PATH_PERMISSION_WORDS[permission].label}
                      </Text>
                    </Tooltip>
                  </Table.Th>
                ))}
                {!readOnly && (
                  <Table.Th>
                    <Text span fz="xs">
                      Remove
                    </Text>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.path}>
                  <Table.Th scope="row" style={stickyCell}>
                    <Code fz="sm">{row.path}</Code>
                    {row.permissions.length === 0 && (
                      <Text size="xs" c="dimmed">
                        nothing here (not inherited)
                      </Text>
                    )}
                  </Table.Th>
                  {PATH_PERMISSIONS.map((permission) => (
                    <Table.Td key={permission} ta="center">
                      <Checkbox
                        aria-label={`${PATH_PERMISSION_WORDS[permission].label} (${permission}) on ${row.path}`}
                        checked={row.permissions.includes(permission)}
                        disabled={readOnly}
                        onChange={(event) =>
                          toggle(row.path, permission, event.currentTarget.checked)
                        }
                        styles={{ body: { justifyContent: 'center' } }}
                      />
                    </Table.Td>
                  ))}
                  {!readOnly && (
                    <Table.Td ta="center">
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={`Remove the row ${row.path}`}
                        onClick={() =>
                          onChange(rows.filter((candidate) => candidate.path !== row.path))
                        }
                      >
                        <span aria-hidden="true">×</span>
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {error !== undefined && (
        <Text size="sm" c={DANGER_TEXT} role="alert">
          {error}
        </Text>
      )}
      {!readOnly && (
        <AddPathInput
          label="Add a path"
          placeholder="e.g. sensors"
          buttonLabel="Add path"
          existing={rows.map((row) => row.path)}
          alreadyThere="is already in the matrix"
          onAdd={(path) => onChange([...rows, { path, permissions: [] }])}
        />
      )}
    </Stack>
  );
}
