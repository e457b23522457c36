import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { SnippetBlock } from '../../../components/snippet-block';
import type { Service } from '@herald/contract/services/service.schema';
import { Link } from 'react-router';
import { firstTopicCommand } from '../utils/first-topic-command';
import { AddTopicButton } from './add-topic-button';

/**
 * A service without topics: the exact mosquitto_pub command that publishes a first one (this service's MQTT host
 * and port, a placeholder for the token), where a token comes from, and "Add topic" for editors.
 */
export function TopicsEmptyState({
  service,
  canEdit = false,
  onCreated,
}: {
  service: Service;
  canEdit?: boolean;
  onCreated?: (path: string) => void;
}) {
  const command = firstTopicCommand(service.endpoints);
  return (
    <Stack gap="sm" data-testid="topics-empty-state">
      <Title order={3} size="h4">
        No topics yet
      </Title>
      <Text size="sm">
        Topics appear here as soon as a client publishes. Publish a first one from a terminal with
        the mosquitto clients:
      </Text>
      <SnippetBlock title="Publish a first topic" code={command} testId="first-topic-command" />
      <Text size="sm">
        Replace &lt;ACCESS_TOKEN&gt; with an access token of this service: get one on the{' '}
        <Anchor component={Link} to={`/service/${encodeURIComponent(service.serviceId)}/api-token`}>
          API token page
        </Anchor>
        .
      </Text>
      {canEdit && (
        <Group>
          <AddTopicButton
            serviceId={service.serviceId}
            parentPath=""
            canEdit
            {...(onCreated && { onCreated })}
          />
        </Group>
      )}
    </Stack>
  );
}
