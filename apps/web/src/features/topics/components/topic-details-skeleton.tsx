import { Box, Card, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** The selected topic while it loads: its path and type, the value block and the properties. */
export function TopicDetailsSkeleton() {
  return (
    <Card withBorder padding="lg">
      <Box role="status" aria-busy="true" data-skeleton="Loading the topic">
        <VisuallyHidden>Loading the topic</VisuallyHidden>
        <Stack gap="md" aria-hidden="true">
          <Skeleton height={22} width="60%" radius="sm" />
          <Skeleton height={12} width="35%" radius="xl" />
          <Skeleton height={80} radius="sm" />
          <Skeleton height={12} width="50%" radius="xl" />
          <Skeleton height={12} width="45%" radius="xl" />
        </Stack>
      </Box>
    </Card>
  );
}
