import { Anchor, Code, Table, Text } from '@mantine/core';
import type { KafkaConsumedSample } from '@herald/contract/kafka/kafka-adapter-state';
import { Link } from 'react-router';
import classes from '../../../components/stacked-table.module.css';
import { formatDateTime } from '../../../lib/format/date-time-format';

/**
 * Issue 27 item 9: the last records a subscriber consumed (Kafka topic, partition, offset, key, value) and the topic
 * each became, a link to the topic browser, so a person can see a mapping is right before trusting it.
 */
export function SubscriberSample({
  serviceId,
  label,
  samples,
}: {
  serviceId: string;
  label: string;
  samples: readonly KafkaConsumedSample[] | undefined;
}) {
  if (samples === undefined) {
    return (
      <Text size="sm" c="dimmed">
        The records consumed show here while the adapter runs.
      </Text>
    );
  }
  if (samples.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No record consumed yet. Produce one to a subscribed Kafka topic to see where it goes.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720} className={classes.scroll}>
      <Table
        verticalSpacing={4}
        className={classes.table}
        aria-label={`Last records of "${label}"`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Kafka record</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th>Became topic</Table.Th>
            <Table.Th>Consumed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {samples.map((sample) => (
            <Table.Tr key={`${sample.kafkaTopic}/${sample.partition}/${sample.offset}`}>
              <Table.Td data-label="Kafka record">
                <Text size="sm" style={{ overflowWrap: 'break-word' }}>
                  {sample.kafkaTopic} · partition {sample.partition} · offset {sample.offset}
                </Text>
              </Table.Td>
              <Table.Td data-label="Key">
                <Text size="sm" style={{ overflowWrap: 'break-word' }}>
                  {sample.key ?? 'No key'}
                </Text>
              </Table.Td>
              <Table.Td data-label="Value">
                <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {sample.value}
                </Code>
              </Table.Td>
              <Table.Td data-label="Became topic">
                {/* A block of its own: on a phone the cell's label sits on the line above it. */}
                <Text size="sm">
                  <Anchor
                    component={Link}
                    to={`/service/${encodeURIComponent(serviceId)}/topics/${sample.topicPath.split('/').map(encodeURIComponent).join('/')}`}
                    size="sm"
                    underline="always"
                    style={{ overflowWrap: 'break-word' }}
                  >
                    {sample.topicPath}
                  </Anchor>
                </Text>
              </Table.Td>
              <Table.Td data-label="Consumed">
                <Text size="sm">{formatDateTime(sample.at)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
