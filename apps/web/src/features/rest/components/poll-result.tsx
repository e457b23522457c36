import { Anchor, Card, Stack, Text } from '@mantine/core';
import type { RestPollResult } from '@herald/contract/rest-adapters/rest-adapter-process';
import { pollResultWords } from '@herald/contract/rest-adapters/rest-status-words';
import { Link } from 'react-router';
import { EndpointStatus } from './rest-status';
import { topicBrowserPath } from './topic-link';
import { ValueBlock } from './value-block';

/**
 * What one poll gave ("Poll now", or the form's preview): the outcome in words, the HTTP status, content type and
 * duration, the URL polled (its query values hidden by the server), the topic it became, the body and the value.
 */
export function PollResult({
  serviceId,
  result,
  title,
  showValue = true,
}: {
  serviceId: string;
  result: RestPollResult;
  title: string;
  /** false: the form shows the value its pointer picks as typed instead of the one the server picked. */
  showValue?: boolean;
}) {
  const facts = [
    result.status === null ? 'No HTTP answer' : `HTTP ${result.status}`,
    result.contentType ?? 'no content type',
    `${result.durationMs.toLocaleString('en-US')} ms`,
  ].join(' · ');
  return (
    <Card withBorder radius="md" p="sm" role="region" aria-label={title}>
      <Stack gap="xs">
        <Text size="sm" fw={700}>
          {title}
        </Text>
        <EndpointStatus status={pollResultWords(result)} />
        <Text size="sm">{facts}</Text>
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {result.url}
        </Text>
        <Text size="sm">
          Topic:{' '}
          {result.published ? (
            <Anchor
              component={Link}
              to={topicBrowserPath(serviceId, result.topicPath)}
              underline="always"
              ff="monospace"
              style={{ overflowWrap: 'anywhere' }}
            >
              {result.topicPath}
            </Anchor>
          ) : (
            <Text span ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {result.topicPath}
            </Text>
          )}
        </Text>
        {result.body !== null && <ValueBlock label="Body received" value={result.body} />}
        {showValue && result.value !== null && !sameValue(result) && (
          <ValueBlock label="Value for the topic" value={result.value} />
        )}
      </Stack>
    </Card>
  );
}

/** Without a value pointer the topic carries the body itself: shown once. */
function sameValue({ body, value }: RestPollResult): boolean {
  return (
    body !== null && value !== null && body.type === value.type && body.preview === value.preview
  );
}
