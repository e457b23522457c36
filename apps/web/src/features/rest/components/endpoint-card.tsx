import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RestEndpointState } from '@herald/contract/rest-adapters/rest-adapter-process';
import type { RestApi, RestEndpoint } from '@herald/contract/rest-adapters/rest-api.schema';
import { restEndpointTarget } from '@herald/contract/rest-adapters/rest-endpoint-target';
import {
  endpointStatusWords,
  failureCause,
  timeAgo,
} from '@herald/contract/rest-adapters/rest-status-words';
import { toUserError } from '@herald/contract/api/error-text';
import { Link } from 'react-router';
import { DANGER_TEXT } from '../../../components/danger-colour';
import { formatDateTime } from '../../../lib/format/date-time-format';
import { usePollRestEndpointMutation } from '../api/rest-mutations';
import { PollResult } from './poll-result';
import { EndpointStatus } from './rest-status';
import { topicBrowserPath } from './topic-link';
import { ValueBlock } from './value-block';

function intervalText(ms: number): string {
  const seconds = ms / 1_000;
  if (seconds < 60 || seconds % 60 !== 0) return `every ${seconds.toLocaleString('en-US')} s`;
  const minutes = seconds / 60;
  if (minutes < 60 || minutes % 60 !== 0) return `every ${minutes} min`;
  return `every ${minutes / 60} h`;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * One endpoint of an API (issue 28 item 5): its path, pathname and url derived from the API (restEndpointTarget:
 * shown, not stored), its topic with a link to the topic browser, interval and value pointer; its last poll and last
 * value as the adapter reports them; "Poll now" with what the API answered.
 */
export function EndpointCard({
  serviceId,
  api,
  endpoint,
  state,
  now,
  onEdit,
  onDelete,
}: {
  serviceId: string;
  api: RestApi;
  endpoint: RestEndpoint;
  state: RestEndpointState | undefined;
  now: number;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const target = restEndpointTarget({
    baseUrl: api.baseUrl,
    baseTopicPath: api.baseTopicPath,
    queryParameters: api.queryParameters,
    endpoint,
  });
  const poll = usePollRestEndpointMutation(serviceId);
  const headingId = `endpoint-${endpoint.id}`;
  return (
    <Card
      withBorder
      radius="md"
      component="section"
      aria-labelledby={headingId}
      data-endpoint-id={endpoint.id}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
            <Title
              order={3}
              fz="h4"
              id={headingId}
              ff="monospace"
              style={{ overflowWrap: 'anywhere' }}
            >
              {endpoint.path}
            </Title>
            <EndpointStatus status={endpointStatusWords(state, now)} />
          </Stack>
          <Group gap="xs">
            <Button
              size="xs"
              loading={poll.isPending}
              onClick={() => poll.mutate({ apiId: api.id, endpointId: endpoint.id })}
              aria-describedby={headingId}
            >
              Poll now
            </Button>
            <Button size="xs" variant="default" onClick={onEdit} aria-describedby={headingId}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="default"
              style={{ color: DANGER_TEXT }}
              onClick={onDelete}
              aria-describedby={headingId}
            >
              Delete
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <Fact label="Pathname">
            <Text span ff="monospace" size="sm">
              {target.pathname}
            </Text>
          </Fact>
          <Fact label="URL">
            <Text span ff="monospace" size="sm">
              {target.url}
            </Text>
          </Fact>
          <Fact label="Topic">
            <Anchor
              component={Link}
              to={topicBrowserPath(serviceId, target.topicPath)}
              underline="always"
              ff="monospace"
              size="sm"
            >
              {target.topicPath}
            </Anchor>
          </Fact>
          <Fact label="Polled">{intervalText(endpoint.pollIntervalMs)}</Fact>
          <Fact label="Value pointer">
            {endpoint.valuePointer === null ? (
              'None: the whole response'
            ) : (
              <Text span ff="monospace" size="sm">
                {endpoint.valuePointer}
              </Text>
            )}
          </Fact>
          <Fact label="Last poll">
            {state?.lastPollAt == null
              ? 'Not polled yet'
              : [
                  `${formatDateTime(state.lastPollAt)} (${timeAgo(state.lastPollAt, now)})`,
                  state.lastStatus === null ? 'no HTTP answer' : `HTTP ${state.lastStatus}`,
                  state.lastDurationMs === null ? null : `${state.lastDurationMs} ms`,
                ]
                  .filter((part) => part !== null)
                  .join(' · ')}
          </Fact>
        </SimpleGrid>
        {state?.lastOutcome === 'failed' && (
          <Text size="sm" c={DANGER_TEXT}>
            Last failure: {failureCause(state.lastError, state.lastStatus)}
            {state.consecutiveFailures > 1 ? ` (${state.consecutiveFailures} in a row)` : ''}
          </Text>
        )}
        {state?.lastValue != null ? (
          <ValueBlock
            label={`Last value${state.lastValueAt === null ? '' : `, received ${timeAgo(state.lastValueAt, now)}`}`}
            value={state.lastValue}
          />
        ) : (
          <Text size="sm" c="dimmed">
            No value received yet.
          </Text>
        )}
        <div aria-live="polite">
          {poll.isError && (
            <Text size="sm" c={DANGER_TEXT} role="alert">
              Could not poll: {toUserError(poll.error).message}
            </Text>
          )}
          {poll.data !== undefined && (
            <PollResult serviceId={serviceId} result={poll.data} title="What the API answered" />
          )}
        </div>
      </Stack>
    </Card>
  );
}
