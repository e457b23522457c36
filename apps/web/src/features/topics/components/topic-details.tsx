import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { Topic, TopicProperties } from '@herald/contract/topics/topic.schema';
import { decodeTopicValue } from '@herald/contract/topics/topic-values';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadFailed } from '../../../components/query-states';
import { isApiError } from '../../../lib/api/api-error';
import { topicKeys, topicQuery, topicTreeQuery, type TopicTreeLevel } from '../api/topic-queries';
import type { LiveEntry, LiveValueStore } from '../hooks/live-value-store';
import { useLiveValue } from '../hooks/use-live-value';
import { useRefetchOnChange } from '../hooks/use-refetch-on-change';
import { useNow } from '../../../lib/ui/use-now';
import { formatByteSize, formatTopicValue } from '../utils/format-value';
import { formatExactTime, formatRelativeTime } from '../utils/relative-time';
import { nearestExistingBranch } from '../utils/nearest-branch';
import { ancestorPaths, parentPath } from '../utils/topic-url';
import { TopicDetailsSkeleton } from './topic-details-skeleton';
import { RemoveTopicButton } from './remove-topic-button';
import { TimeSeriesEvents } from './time-series-events';
import { TopicHistory } from './topic-history';
import { TopicPathText } from './topic-path-text';
import { TopicValueEditor } from './topic-value-editor';
import { TopicValueTrend } from './topic-value-trend';

export interface TopicDetailsProps {
  serviceId: string;
  path: string;
  store: LiveValueStore;
  canEdit: boolean;
  onSelect: (path: string) => void;
}

/**
 * The selected topic (issue 10 item 3): path, type, properties, value (live once it changes), last update and the
 * values received while the page is open. A path that names no topic says so and offers its nearest existing branch.
 */
export function TopicDetails({ serviceId, path, store, canEdit, onSelect }: TopicDetailsProps) {
  const query = useQuery({ ...topicQuery(serviceId, path), enabled: path !== '' });
  const live = useLiveValue(store, path);
  const queryClient = useQueryClient();
  // A value seen live: the service knows the QoS it came with (the dashboard subscribes with QoS 0).
  useRefetchOnChange(live?.latest.receivedAt, query.refetch);

  if (path === '') {
    return (
      <Card withBorder padding="lg">
        <Text c="dimmed">Select a topic in the tree to see its value, type and properties.</Text>
      </Card>
    );
  }
  if (query.isPending) return <TopicDetailsSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      const parent = parentPath(path);
      const level = queryClient.getQueryData<TopicTreeLevel>(topicKeys.tree(serviceId, parent));
      const branch = level?.nodes.find((node) => node.path === path);
      return (
        <BranchOrNothing
          serviceId={serviceId}
          path={path}
          descendants={branch?.descendants}
          onSelect={onSelect}
        />
      );
    }
    return (
      <LoadFailed
        title="The topic could not be loaded"
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  }
  return (
    <LoadedTopic
      serviceId={serviceId}
      topic={query.data}
      live={live}
      canEdit={canEdit}
      onRemoved={() => onSelect(parentPath(path))}
    />
  );
}

function BranchOrNothing({
  serviceId,
  path,
  descendants,
  onSelect,
}: {
  serviceId: string;
  path: string;
  descendants: number | undefined;
  onSelect: (path: string) => void;
}) {
  // The tree's levels down to the path (mostly cached already: the tree opens them to show the selection), to
  // offer the nearest branch that exists rather than a parent that may be missing too (issue 25).
  const levels = useQueries({
    queries: ['', ...ancestorPaths(path)].map((parent) => topicTreeQuery(serviceId, parent)),
  });
  const byParent = new Map(
    levels.flatMap((level) => (level.data ? [[level.data.parent, level.data]] : [])),
  );
  const target = nearestExistingBranch(path, (parent) => byParent.get(parent));
  // A branch is a path with topics below it and no value of its own (issue 25 item 17: the tree shows it open).
  const isBranch = descendants !== undefined && descendants > 0;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }} aria-label={path}>
          <TopicPathText path={path} />
        </Title>
        {isBranch ? (
          <>
            <Badge variant="light" color="gray" tt="none">
              Branch
            </Badge>
            <Text data-testid="branch-summary">
              {`${descendants.toLocaleString('en')} ${descendants === 1 ? 'topic' : 'topics'} below it, open in the tree: pick one to see its value.`}
            </Text>
          </>
        ) : (
          <Text>There is no topic at this path. It may have been removed.</Text>
        )}
        <Button variant="default" size="xs" onClick={() => onSelect(target)}>
          {target === '' ? 'Go to the top of the tree' : `Go to ${target}`}
        </Button>
      </Stack>
    </Card>
  );
}

function LoadedTopic({
  serviceId,
  topic,
  live,
  canEdit,
  onRemoved,
}: {
  serviceId: string;
  topic: Topic;
  live: LiveEntry | undefined;
  canEdit: boolean;
  onRemoved: () => void;
}) {
  const now = useNow(5_000);
  // Once a value arrives over the session it is the current one; a retained value is the stored one, whose update
  // time is the topic's own.
  const value =
    live === undefined
      ? topic.value
      : decodeTopicValue(topic.type, topic.properties, live.latest.payload);
  const updatedAt =
    live !== undefined && !live.latest.retained
      ? live.latest.receivedAt
      : topic.updatedAt === null
        ? null
        : Date.parse(topic.updatedAt);
  const formatted = formatTopicValue(topic.type, topic.properties, value);

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
              <Title
                order={2}
                size="h4"
                style={{ overflowWrap: 'anywhere' }}
                aria-label={topic.path}
              >
                <TopicPathText path={topic.path} />
              </Title>
              <Badge variant="light" tt="none" aria-label={`Type ${topic.type}`}>
                {topic.type}
              </Badge>
              {topic.qos !== undefined && topic.qos !== null && (
                <Badge
                  variant="outline"
                  color="gray"
                  tt="none"
                  data-testid="topic-qos"
                  title="The QoS of the last MQTT publish"
                >
                  QoS {topic.qos}
                </Badge>
              )}
              {topic.retained !== undefined && (
                <Badge
                  variant="outline"
                  color="gray"
                  tt="none"
                  data-testid="topic-retained"
                  title={
                    topic.retained
                      ? 'New subscribers receive this value (MQTT retained message)'
                      : 'No value is kept for new subscribers'
                  }
                >
                  {topic.retained ? 'Retained' : 'Not retained'}
                </Badge>
              )}
            </Group>
            <RemoveTopicButton
              serviceId={serviceId}
              path={topic.path}
              canEdit={canEdit}
              onRemoved={onRemoved}
            />
          </Group>
          <Text size="sm" c="dimmed">
            Last update:{' '}
            {updatedAt === null ? (
              'never'
            ) : (
              <Tooltip
                label={formatExactTime(updatedAt)}
                events={{ hover: true, focus: true, touch: true }}
              >
                <Text
                  component="time"
                  size="sm"
                  tabIndex={0}
                  dateTime={new Date(updatedAt).toISOString()}
                  data-testid="topic-updated"
                >
                  {formatRelativeTime(updatedAt, now)}
                </Text>
              </Tooltip>
            )}
          </Text>
        </Stack>

        <Stack gap={4}>
          <Text fw={600} size="sm">
            Value
            {formatted.byteSize !== undefined && (
              <Text span c="dimmed" size="sm">
                {' '}
                (base64, {formatByteSize(formatted.byteSize)})
              </Text>
            )}
          </Text>
          <Code
            block
            data-testid="topic-value"
            style={{
              maxHeight: 320,
              overflow: 'auto',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {formatted.text}
          </Code>
        </Stack>

        <TopicValueEditor serviceId={serviceId} topic={topic} current={value} canEdit={canEdit} />

        <PropertiesTable properties={topic.properties} />

        {topic.type === 'TIME_SERIES' && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              Events
            </Text>
            <TimeSeriesEvents serviceId={serviceId} path={topic.path} />
          </Stack>
        )}

        <TopicValueTrend
          type={topic.type}
          properties={topic.properties}
          history={live?.history ?? []}
        />

        <TopicHistory
          type={topic.type}
          properties={topic.properties}
          history={live?.history ?? []}
        />
      </Stack>
    </Card>
  );
}

function PropertiesTable({ properties }: { properties: TopicProperties }) {
  const entries = Object.entries(properties);
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm" id="topic-properties-heading">
        Properties
      </Text>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          None: the type&apos;s defaults apply.
        </Text>
      ) : (
        <Table
          aria-labelledby="topic-properties-heading"
          withRowBorders={false}
          verticalSpacing={2}
        >
          <Table.Tbody>
            {entries.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Th scope="row" fw={500} style={{ fontSize: 'var(--mantine-font-size-xs)' }}>
                  {name}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Code>{value}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
