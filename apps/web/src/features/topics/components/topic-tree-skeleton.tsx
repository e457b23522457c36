import { Box, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** The tree while its first level loads: rows of names and counts, in the tree's own frame. */
export function TopicTreeSkeleton() {
  return (
    <Box role="status" aria-busy="true" data-skeleton="Loading the topic tree">
      <VisuallyHidden>Loading the topic tree</VisuallyHidden>
      <Stack gap={14} p="sm" aria-hidden="true">
        {[62, 48, 70, 40, 55, 66, 44].map((width, index) => (
          <Group key={index} gap="xs" wrap="nowrap" pl={index % 3 === 1 ? 16 : 0}>
            <Skeleton height={10} width={10} radius="xl" />
            <Skeleton height={12} width={`${width}%`} radius="xl" />
          </Group>
        ))}
      </Stack>
    </Box>
  );
}
