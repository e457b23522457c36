import { Box, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** A table of a few rows while a security screen loads (its shape, not a spinner). */
export function TableSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Box role="status" aria-busy="true" data-skeleton={label}>
      <VisuallyHidden>{label}</VisuallyHidden>
      <Stack gap="md">
        <Group justify="space-between">
          <Skeleton height={14} width="min(420px, 70%)" radius="xl" />
          <Skeleton height={34} width={130} radius="sm" />
        </Group>
        {Array.from({ length: rows }, (_, row) => (
          <Group key={row} gap="lg" wrap="nowrap">
            <Skeleton height={14} width="20%" radius="xl" />
            <Skeleton height={18} width="30%" radius="xl" />
            <Skeleton height={14} width="15%" radius="xl" />
            <Skeleton height={26} width={70} radius="sm" />
          </Group>
        ))}
      </Stack>
    </Box>
  );
}
