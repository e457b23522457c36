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

/** The API list: a header row and three rows of label, base URL, count and statuses. */
export function RestApisSkeleton() {
  return (
    <Loading label="Loading the REST APIs">
      <Stack gap="sm">
        <Skeleton height={14} width="60%" radius="xl" />
        {[0, 1, 2].map((row) => (
          <Group key={row} gap="md" wrap="nowrap">
            <Skeleton height={16} width="20%" radius="xl" />
            <Skeleton height={16} width="32%" radius="xl" />
            <Skeleton height={16} width="8%" radius="xl" />
            <Skeleton height={16} width="24%" radius="xl" />
          </Group>
        ))}
      </Stack>
    </Loading>
  );
}

/** An API's page: its heading and actions, its settings, then two endpoint cards. */
export function RestApiSkeleton() {
  return (
    <Loading label="Loading the REST API">
      <Stack gap="md">
        <Skeleton height={28} width="40%" radius="sm" />
        <Group gap="sm">
          <Skeleton height={32} width={96} radius="sm" />
          <Skeleton height={32} width={96} radius="sm" />
        </Group>
        <Skeleton height={12} width="70%" radius="xl" />
        {[0, 1].map((card) => (
          <Card key={card} withBorder radius="md">
            <Stack gap="sm">
              <Skeleton height={18} width="30%" radius="xl" />
              <Skeleton height={12} width="60%" radius="xl" />
              <Skeleton height={12} width="50%" radius="xl" />
              <Skeleton height={48} width="100%" radius="sm" />
            </Stack>
          </Card>
        ))}
      </Stack>
    </Loading>
  );
}
