import { Box, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** The log while its first page loads: rows of time, level and message, in the list's shape. */
export function LogSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <Box role="status" aria-busy="true" data-skeleton="Loading the log">
      <VisuallyHidden>Loading the log</VisuallyHidden>
      <Stack gap={14} py={6}>
        {Array.from({ length: rows }, (_, row) => (
          <Group key={row} gap="xs" wrap="wrap">
            <Skeleton height={12} width={170} radius="xl" />
            <Skeleton height={18} width={88} radius="xl" />
            <Skeleton height={12} width={`${Math.max(25, 70 - ((row * 17) % 45))}%`} radius="xl" />
          </Group>
        ))}
      </Stack>
    </Box>
  );
}
