import { Stack, Table, Text } from '@mantine/core';
import type { TopicProperties, TopicType } from '@herald/contract/topics/topic.schema';
import { decodeTopicValue } from '@herald/contract/topics/topic-values';
import type { LiveValue } from '../hooks/live-value-store';
import { LIVE_HISTORY_LENGTH } from '../hooks/live-value-store';
import { formatByteSize, formatTopicValue } from '../utils/format-value';
import { formatExactTime, formatTimeOfDay } from '../utils/relative-time';

/** The values received for the selected topic while the page is open, newest first. */
export function TopicHistory({
  type,
  properties,
  history,
}: {
  type: TopicType;
  properties: TopicProperties;
  history: readonly LiveValue[];
}) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm" id="topic-history-heading">
        Recent values
      </Text>
      <Text size="xs" c="dimmed">
        The last {LIVE_HISTORY_LENGTH} values received while this page is open, newest first.
      </Text>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          None yet.
        </Text>
      ) : (
        <Table
          aria-labelledby="topic-history-heading"
          verticalSpacing={2}
          data-testid="topic-history"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Received</Table.Th>
              <Table.Th>Value</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.map((item, index) => {
              const formatted = formatTopicValue(
                type,
                properties,
                decodeTopicValue(type, properties, item.payload),
                'line',
              );
              return (
                <Table.Tr key={`${item.receivedAt}-${index}`}>
                  <Table.Td
                    style={{ whiteSpace: 'nowrap', fontSize: 'var(--mantine-font-size-xs)' }}
                    title={formatExactTime(item.receivedAt)}
                  >
                    <time dateTime={new Date(item.receivedAt).toISOString()}>
                      {formatTimeOfDay(item.receivedAt)}
                    </time>
                    {item.retained ? ' (stored)' : ''}
                  </Table.Td>
                  <Table.Td
                    style={{
                      fontFamily: 'var(--mantine-font-family-monospace)',
                      fontSize: 'var(--mantine-font-size-xs)',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {formatted.byteSize === undefined
                      ? formatted.text.slice(0, 500)
                      : `${formatted.text.slice(0, 60)}… (${formatByteSize(formatted.byteSize)})`}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
