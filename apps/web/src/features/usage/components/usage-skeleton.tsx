import { Box, Card, Group, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { USAGE_CHART_HEIGHT } from '../utils/chart-size';

function ChartCardSkeleton() {
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Skeleton height={18} width="30%" radius="sm" />
          <Skeleton height={18} width={120} radius="xl" />
        </Group>
        <Group gap="xl">
          <Skeleton height={28} width={80} radius="sm" />
          <Skeleton height={28} width={80} radius="sm" />
        </Group>
        <Skeleton height={12} width="70%" radius="xl" />
        <Skeleton height={USAGE_CHART_HEIGHT} radius="sm" />
      </Stack>
    </Card>
  );
}

/** The usage screen while its figures load: the bytes figure, then the three chart cards (issue 9: shapes). */
export function UsageSkeleton() {
  return (
    <Box role="status" aria-busy="true" data-skeleton="Loading usage">
      <VisuallyHidden>Loading usage</VisuallyHidden>
      <Stack gap="md">
        <Card withBorder radius="md">
          <Stack gap={6}>
            <Skeleton height={12} width={90} radius="xl" />
            <Skeleton height={28} width={120} radius="sm" />
          </Stack>
        </Card>
        <ChartCardSkeleton />
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <ChartCardSkeleton />
          <ChartCardSkeleton />
        </SimpleGrid>
      </Stack>
    </Box>
  );
}
