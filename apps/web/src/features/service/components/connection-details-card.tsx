import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { planDisplayName } from '@herald/contract/services/plan-display';
import {
  isHighAvailability,
  regionDisplay,
  versionDisplay,
} from '@herald/contract/services/service-display';
import type { Service } from '@herald/contract/services/service.schema';
import { PORT_PENDING_TEXT, mqttTcpAddress } from '@herald/contract/services/service-address';
import { useQuery } from '@tanstack/react-query';
import { metadataQueryOptions } from '../../../lib/queries/service-queries';
import { CopyValue } from './copy-value';

/** Where clients connect and what the service is (spec sections 3 and 9), with copy buttons. */
export function ConnectionDetailsCard({ service }: { service: Service }) {
  const { data: metadata } = useQuery(metadataQueryOptions());
  const { websocketUrl } = service.endpoints;
  const tcpAddress = mqttTcpAddress(service.endpoints);
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="connection-details-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="connection-details-title">
          Connection details
        </Title>
        <CopyValue label="WebSocket URL" value={websocketUrl} />
        {tcpAddress === null ? (
          // Never a bare host as if it were the whole address: the port comes when the service starts.
          <div>
            <Text size="xs" c="dimmed" fw={600}>
              MQTT host and port
            </Text>
            <Text size="sm" c="dimmed">
              {PORT_PENDING_TEXT}
            </Text>
          </div>
        ) : (
          <CopyValue label="MQTT host and port" value={tcpAddress} />
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Fact label="Plan" value={planDisplayName(service, metadata?.tiers ?? [])} />
          <Fact label="Region" value={regionDisplay(service.region)} />
          <Fact label="Version" value={versionDisplay(service.heraldVersion)} />
          <Fact label="High availability" value={isHighAvailability(service) ? 'Yes' : 'No'} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
