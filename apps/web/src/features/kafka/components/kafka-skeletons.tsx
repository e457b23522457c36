import { Box, Card, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/* Loading states in the shape of what is coming (issue 9): one status region with a spoken label. */

function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="status" aria-busy="true" data-skeleton={label}>
      <VisuallyHidden>{label}</VisuallyHidden>
      {children}
    </Box>
  );
}

/** The adapter list: a header row and three rows. */
export function KafkaAdaptersSkeleton() {
  return (
    <Loading label="Loading the Kafka adapters">
      <Stack gap="sm">
        <Skeleton height={14} width="60%" radius="xl" />
        {[0, 1, 2].map((row) => (
          <Group key={row} gap="md" wrap="nowrap">
            <Skeleton height={16} width="22%" radius="xl" />
            <Skeleton height={16} width="28%" radius="xl" />
            <Skeleton height={16} width="12%" radius="xl" />
            <Skeleton height={16} width="18%" radius="xl" />
          </Group>
        ))}
      </Stack>
    </Loading>
  );
}

/** An adapter's page: its heading and actions, then a cluster card with its publishers and subscribers. */
export function KafkaAdapterSkeleton() {
  return (
    <Loading label="Loading the Kafka adapter">
      <Stack gap="md">
        <Skeleton height={28} width="40%" radius="sm" />
        <Group gap="sm">
          <Skeleton height={32} width={96} radius="sm" />
          <Skeleton height={32} width={96} radius="sm" />
          <Skeleton height={32} width={96} radius="sm" />
        </Group>
        <Card withBorder radius="md">
          <Stack gap="sm">
            <Skeleton height={18} width="30%" radius="xl" />
            <Skeleton height={12} width="50%" radius="xl" />
            <Skeleton height={12} width="70%" radius="xl" />
            <Skeleton height={12} width="60%" radius="xl" />
          </Stack>
        </Card>
      </Stack>
    </Loading>
  );
}
