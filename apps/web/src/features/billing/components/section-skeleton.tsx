import { Box, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** A billing card's body while it loads: `lines` grey lines (or one block of `height`), one spoken status. */
export function SectionSkeleton({
  label,
  lines = 3,
  height,
}: {
  label: string;
  lines?: number;
  height?: number;
}) {
  return (
    <Box role="status" aria-busy="true" data-skeleton={label}>
      <VisuallyHidden>{label}</VisuallyHidden>
      {height === undefined ? (
        <Stack gap={10}>
          {Array.from({ length: lines }, (_, line) => (
            <Skeleton key={line} height={12} width={`${90 - line * 15}%`} radius="xl" />
          ))}
        </Stack>
      ) : (
        <Skeleton height={height} radius="sm" />
      )}
    </Box>
  );
}
