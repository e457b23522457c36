import { Group, Loader, Text } from '@mantine/core';

/** A small inline loading state, announced to screen readers. */
export function ContentLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Group gap="xs" role="status" py="md">
      <Loader size="xs" aria-hidden="true" />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
