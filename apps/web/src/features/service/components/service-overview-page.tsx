import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { hasPermission } from '@herald/contract/members/permissions';
import { serviceHostOf } from '@herald/contract/services/service-address';
import type { Service } from '@herald/contract/services/service.schema';
import { Link } from 'react-router';
import { useFlag } from '../../../lib/flags/flags';
import { useServiceStatus } from '../hooks/use-service-status';
import { ConnectionDetailsCard } from './connection-details-card';
import { CopyValue } from './copy-value';
import { LiveMetricsCard } from './live-metrics-card';
import { StatusBadge } from './status-badge';
import { TrialStatus } from './trial-status';
import { UsageSummaryCard } from './usage-summary-card';

/** The service overview (spec section 2, `/service/{serviceId}`). */
export function ServiceOverviewPage({
  service,
  roles = [],
}: {
  service: Service;
  /** The signed-in user's roles in the service's workspace (the free trial panel's Billing link). */
  roles?: readonly string[];
}) {
  const name = service.label ?? service.serviceName;
  useDocumentTitle(`${name} · Herald Cloud`);
  // Polled every 10 s while transitional (spec section 9).
  const status = useServiceStatus(service);
  const isUsageShown = useFlag('billing.graphs');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="md" align="center">
          <Title order={1}>{name}</Title>
          <StatusBadge status={status} />
        </Group>
        {/* The one host name a client connects to, with its copy button (issue 25, item 20); the connection
            details give the full addresses on it. */}
        <HostLine host={serviceHostOf(service.endpoints)} />
      </Stack>
      <TrialStatus service={service} canManageBilling={hasPermission(roles, 'manage-billing')} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack gap="md">
          <LiveMetricsCard serviceId={service.serviceId} />
          {/* Issue 12: usage over a chosen range next to the live counters (flag billing.graphs). */}
          {isUsageShown && <UsageSummaryCard serviceId={service.serviceId} />}
        </Stack>
        <ConnectionDetailsCard service={service} />
      </SimpleGrid>
      <Text size="sm">
        New here?{' '}
        <Anchor component={Link} to={`/service/${service.serviceId}/sdk-api`}>
          Quick start: connect with an SDK or the API
        </Anchor>
      </Text>
    </Stack>
  );
}

function HostLine({ host }: { host: string | null }) {
  if (host === null) return null;
  return <CopyValue label="Host" value={host} />;
}
