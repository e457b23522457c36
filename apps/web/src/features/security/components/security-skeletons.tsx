import { Box, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** A security page while the store loads: a toolbar, then rows in the list's or form's shape. */
export function SecurityPageSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <Box role="status" aria-busy="true" data-skeleton={label}>
      <VisuallyHidden>{label}</VisuallyHidden>
      <Stack gap="sm">
        <Skeleton height={12} width="min(420px, 90%)" radius="xl" />
        <Skeleton height={32} width={140} radius="sm" />
        {Array.from({ length: rows }, (_, row) => (
          <Skeleton key={row} height={40} radius="sm" />
        ))}
      </Stack>
    </Box>
  );
}
