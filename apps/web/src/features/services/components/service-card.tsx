import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { planDisplayName, type PlanDisplayTier } from '@herald/contract/services/plan-display';
import { serviceHostOf } from '@herald/contract/services/service-address';
import { regionDisplay, versionDisplay } from '@herald/contract/services/service-display';
import type { Service } from '@herald/contract/services/service.schema';
import { Link } from 'react-router';
import { useSessionsText } from '../hooks/use-sessions-text';
import { LIVE_SESSIONS_ATTRIBUTE } from '../../../lib/painted-page/start-script/shell-live-sessions';
import { ServiceStatusBadge } from '../../../components/service-status-badge';
import { TrialCardLine } from './trial-card-line';

export interface ServiceCardProps {
  service: Service;
  /** Metadata tiers, to name plans the product does not know (empty until metadata is in). */
  tiers: readonly PlanDisplayTier[];
}

/** One service of the list (the tours' "service card"): a link to its overview. */
export function ServiceCard({ service, tiers }: ServiceCardProps) {
  const name = service.label ?? service.serviceName;
  const sessions = useSessionsText(service.serviceId, service.status);
  return (
    <Card
      component={Link}
      to={`/service/${service.serviceId}`}
      withBorder
      padding="md"
      radius="md"
      data-tour="service-card"
      data-service-id={service.serviceId}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <ServiceStatusBadge status={service.status} />
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {/* The host a client connects to, as the overview shows it (issue 25, item 20). */}
          {serviceHostOf(service.endpoints)}
        </Text>
        <Group gap="lg">
          <Detail label="Plan" value={planDisplayName(service, tiers)} />
          <Detail label="Region" value={regionDisplay(service.region)} />
          <Detail label="Version" value={versionDisplay(service.heraldVersion)} />
          <Detail
            label="Sessions"
            value={sessions}
            // The painted page keeps it live before the app starts
            // (lib/painted-page/start-script/shell-live-sessions.ts).
            valueProps={
              service.status === 'RUNNING' ? { [LIVE_SESSIONS_ATTRIBUTE]: service.serviceId } : {}
            }
          />
        </Group>
        <TrialCardLine service={service} />
      </Stack>
    </Card>
  );
}

function Detail({
  label,
  value,
  valueProps = {},
}: {
  label: string;
  value: string;
  valueProps?: Record<string, string>;
}) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} {...valueProps}>
        {value}
      </Text>
    </Stack>
  );
}
