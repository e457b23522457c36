import { Anchor, Table, Text } from '@mantine/core';
import {
  adapterCounts,
  adapterCountsText,
  adapterLiveSummary,
  rateText,
} from '@herald/contract/kafka/kafka-adapter-list';
import type { KafkaAdapter } from '@herald/contract/kafka/kafka-adapter.schema';
import { Link } from 'react-router';
import classes from '../../../components/stacked-table.module.css';
import { useKafkaAdapterState } from '../api/kafka-queries';
import { AdapterStatusBadge } from './adapter-status-badge';

/** The adapter list of spec section 2 with the live state of each (issue 27 item 8); stacked rows on a phone. */
export function KafkaAdaptersTable({
  serviceId,
  adapters,
}: {
  serviceId: string;
  adapters: readonly KafkaAdapter[];
}) {
  return (
    <Table.ScrollContainer minWidth={900} className={classes.scroll}>
      <Table verticalSpacing="sm" className={classes.table} aria-label="Kafka adapters">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Configuration</Table.Th>
            <Table.Th>Activated</Table.Th>
            <Table.Th>High availability</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Messages</Table.Th>
            <Table.Th>Lag</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {adapters.map((adapter) => (
            <AdapterRow key={adapter.id} serviceId={serviceId} adapter={adapter} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AdapterRow({ serviceId, adapter }: { serviceId: string; adapter: KafkaAdapter }) {
  const state = useKafkaAdapterState(serviceId, adapter.id, adapter.active);
  const live = adapterLiveSummary(adapter, adapter.active ? state.data : undefined);
  const lag = state.data?.subscribers.reduce((sum, subscriber) => sum + subscriber.lag, 0);
  return (
    <Table.Tr data-adapter-id={adapter.id}>
      <Table.Td data-label="Name">
        <Anchor
          component={Link}
          to={`/service/${serviceId}/kafka/${encodeURIComponent(adapter.id)}`}
          fw={600}
          underline="always"
        >
          {adapter.label}
        </Anchor>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {adapter.id}
        </Text>
      </Table.Td>
      <Table.Td data-label="Configuration">
        <Text size="sm">{adapterCountsText(adapterCounts(adapter))}</Text>
      </Table.Td>
      <Table.Td data-label="Activated">
        <Text size="sm">{adapter.active ? 'Yes' : 'No'}</Text>
      </Table.Td>
      <Table.Td data-label="High availability">
        <Text size="sm">{adapter.haEnabled ? 'Yes' : 'No'}</Text>
      </Table.Td>
      <Table.Td data-label="Version">
        <Text size="sm">{adapter.version}</Text>
      </Table.Td>
      <Table.Td data-label="Status">
        <AdapterStatusBadge
          health={live.health}
          words={state.isError ? 'Status unknown' : live.words}
        />
      </Table.Td>
      <Table.Td data-label="Messages">
        <Text size="sm">
          {live.inPerSecond === null && live.outPerSecond === null
            ? '–'
            : `In ${rateText(live.inPerSecond)} · Out ${rateText(live.outPerSecond)}`}
        </Text>
      </Table.Td>
      <Table.Td data-label="Lag">
        <Text size="sm">
          {lag === undefined || !adapter.active ? '–' : lag.toLocaleString('en-US')}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
