import { Checkbox, Code, SimpleGrid, Text } from '@mantine/core';

export interface PermissionCheckboxesProps<P extends string> {
  label: string;
  description: string;
  permissions: readonly P[];
  words: Record<P, { label: string; effect: string }>;
  value: P[];
  onChange: (value: P[]) => void;
  readOnly: boolean;
}

/** A set of permissions as checkboxes: the label for people, then what it does and its wire name. */
export function PermissionCheckboxes<P extends string>({
  label,
  description,
  permissions,
  words,
  value,
  onChange,
  readOnly,
}: PermissionCheckboxesProps<P>) {
  return (
    <Checkbox.Group
      label={label}
      description={description}
      value={value}
      // Keep the order of the contract's list, whatever order the boxes were ticked in.
      onChange={(next) => onChange(permissions.filter((permission) => next.includes(permission)))}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" mt="xs">
        {permissions.map((permission) => (
          <Checkbox
            key={permission}
            value={permission}
            disabled={readOnly}
            label={words[permission].label}
            description={
              <Text span size="xs" c="dimmed">
                {words[permission].effect} <Code fz="xs">{permission}</Code>
              </Text>
            }
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
