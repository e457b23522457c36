import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { restAdapterStatusWords } from '@herald/contract/rest-adapters/rest-status-words';
import { useState } from 'react';
import { LoadFailed } from '../../../components/query-states';
import { useNow } from '../../../lib/ui/use-now';
import { useRestAdapterState, useRestApis } from '../api/rest-queries';
import { ApiFormModal } from './api-form-modal';
import { RestApisSkeleton } from './rest-skeletons';
import { RestApisTable } from './rest-apis-table';
import { RestAdapterBadge } from './rest-status';

/** `/service/{serviceId}/rest`: the service's REST APIs with their endpoints' last polls, and adding one (section 2). */
export function RestApisPage({
  serviceId,
  showBaseTopicPath,
}: {
  serviceId: string;
  showBaseTopicPath: boolean;
}) {
  useDocumentTitle('REST APIs · Herald Cloud');
  const apis = useRestApis(serviceId);
  const state = useRestAdapterState(serviceId);
  const now = useNow(1_000);
  const [isAdding, setAdding] = useState(false);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 20rem', minWidth: 0 }}>
          <Group gap="xs">
            <Title order={1}>REST APIs</Title>
            <RestAdapterBadge
              status={
                state.isError
                  ? { tone: 'checking', words: 'Status unknown' }
                  : restAdapterStatusWords(state.data)
              }
            />
          </Group>
          <Text c="dimmed" size="sm">
            The REST adapter polls web APIs and publishes what they answer to this service&apos;s
            topics.
          </Text>
        </Stack>
        <Button onClick={() => setAdding(true)}>Add API</Button>
      </Group>
      {apis.isPending ? (
        <RestApisSkeleton />
      ) : apis.isError ? (
        <LoadFailed
          title="The REST APIs could not be loaded"
          error={apis.error}
          onRetry={() => apis.refetch()}
        />
      ) : apis.data.length === 0 ? (
        <EmptyState />
      ) : (
        <RestApisTable serviceId={serviceId} apis={apis.data} state={state.data} now={now} />
      )}
      {isAdding && (
        <ApiFormModal
          serviceId={serviceId}
          api={null}
          showBaseTopicPath={showBaseTopicPath}
          opened
          onClose={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}

/** What a REST API is for, before there is one (issue 28: data behind an HTTP API, live on topics). */
function EmptyState() {
  return (
    <Stack gap="xs" maw="48rem">
      <Title order={2} fz="h3">
        No REST API yet
      </Title>
      <Text>
        Have data behind an HTTP API, such as prices, the weather or a legacy system&apos;s status?
        Add the API here and its endpoints become live topics for every subscriber, without writing
        a poller:
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>each endpoint is polled at its own interval;</List.Item>
        <List.Item>
          a JSON answer makes a JSON topic, text a string topic, anything else a binary one;
        </List.Item>
        <List.Item>nothing is published while the answer stays the same.</List.Item>
      </List>
    </Stack>
  );
}
