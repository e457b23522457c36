import { Box, Card, Group, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/*
 * Loading states in the shape of what is coming (issue 9: no bare spinners for page-level waits). Each is one
 * status region with a spoken label; the grey blocks themselves are decoration.
 */

function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="status" aria-busy="true" data-skeleton={label}>
      <VisuallyHidden>{label}</VisuallyHidden>
      {children}
    </Box>
  );
}

function NavShape() {
  return (
    <Stack gap="lg">
      <Skeleton height={36} radius="sm" />
      {[2, 2].map((links, group) => (
        <Stack key={group} gap={10} px="sm">
          <Skeleton height={10} width="40%" radius="xl" />
          {Array.from({ length: links }, (_, link) => (
            <Skeleton key={link} height={14} width={`${70 - link * 15}%`} radius="xl" />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/** The side navigation while its workspace loads: the organisation switcher and two groups of links. */
export function NavSkeleton({ label = 'Loading the navigation' }: { label?: string }) {
  return (
    <Loading label={label}>
      <NavShape />
    </Loading>
  );
}

/** The top bar before the user is known: the brand, then crumbs and avatar in outline. */
export function TopBarSkeleton() {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      style={{ flex: 1, minWidth: 0 }}
      aria-hidden="true"
    >
      <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
        {/* The brand as the real bar shows it (WorkspaceBrand): the first thing painted, also from the HTML. */}
        <Text fw={700} fz="lg" style={{ whiteSpace: 'nowrap' }}>
          Herald Cloud
        </Text>
        <Skeleton height={12} width={160} radius="xl" visibleFrom="sm" />
      </Group>
      <Skeleton height={32} circle />
    </Group>
  );
}

function TitleSkeleton() {
  return (
    <Stack gap={8}>
      <Skeleton height={28} width={200} radius="sm" />
      <Skeleton height={12} width="min(360px, 80%)" radius="xl" />
    </Stack>
  );
}

/** One service card of the list: name and status, host, then plan, region, version and sessions. */
function ServiceCardSkeleton() {
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Skeleton height={20} width="55%" radius="sm" />
          <Skeleton height={18} width={64} radius="xl" />
        </Group>
        <Skeleton height={12} width="80%" radius="xl" />
        <Group gap="lg">
          {[0, 1, 2, 3].map((detail) => (
            <Stack key={detail} gap={6}>
              <Skeleton height={8} width={40} radius="xl" />
              <Skeleton height={12} width={56} radius="xl" />
            </Stack>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

/** The services list's cards, in the list's grid. */
export function ServiceCardsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <Loading label="Loading services">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {Array.from({ length: count }, (_, index) => (
          <ServiceCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    </Loading>
  );
}

function PageShape() {
  return (
    <Stack gap="lg">
      <TitleSkeleton />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {[0, 1, 2].map((index) => (
          <ServiceCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** A page of the default layout while its data loads: a title and the services list's shape. */
export function PageSkeleton({ label = 'Loading the page' }: { label?: string }) {
  return (
    <Loading label={label}>
      <PageShape />
    </Loading>
  );
}

/** The service overview while the service loads: its name, then the live metrics and connection cards. */
export function ServiceOverviewSkeleton() {
  return (
    <Loading label="Loading the service">
      <Stack gap="lg">
        <TitleSkeleton />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {[0, 1].map((card) => (
            <Card key={card} withBorder padding="md" radius="md">
              <Stack gap="sm">
                <Skeleton height={18} width="45%" radius="sm" />
                {[0, 1, 2, 3].map((line) => (
                  <Skeleton key={line} height={12} width={`${90 - line * 12}%`} radius="xl" />
                ))}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Loading>
  );
}

/**
 * The signed-in frame before the user is known, in outline: the top bar, the side navigation (from the `sm`
 * breakpoint, as AppFrame) and a page, at AppFrame's sizes so nothing moves when the real frame replaces it. It is
 * one status region without landmarks: the header, navigation and main landmarks are the real frame's.
 */
export function FrameSkeleton() {
  const border = '1px solid var(--app-shell-border-color, var(--mantine-color-default-border))';
  return (
    <Loading label="Loading your account">
      <Group h={56} px="md" gap="sm" wrap="nowrap" style={{ borderBottom: border }}>
        {/* The place of AppFrame's burger (size sm) on a phone, so the brand does not move when it comes. */}
        <Box w={28} h={28} hiddenFrom="sm" style={{ flexShrink: 0 }} />
        <TopBarSkeleton />
      </Group>
      <Group align="flex-start" gap={0} wrap="nowrap">
        <Box
          w={260}
          p="md"
          visibleFrom="sm"
          mih="calc(100vh - 56px)"
          style={{ borderRight: border }}
        >
          <NavShape />
        </Box>
        <Box p="md" style={{ flex: 1, minWidth: 0 }}>
          <PageShape />
        </Box>
      </Group>
    </Loading>
  );
}

export default FrameSkeleton;
