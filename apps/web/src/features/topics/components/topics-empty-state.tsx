import { Anchor, Box, Button, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
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
      <Box role="group" aria-label="Publish a first topic">
        <Group justify="space-between" mb={4}>
          <Text size="sm" fw={600}>
            Publish a first topic
          </Text>
          <CopyButton value={command}>
            {({ copied, copy }) => (
              <Button
                size="compact-xs"
                variant="default"
                onClick={copy}
                aria-label="Copy the command"
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Box
          component="pre"
          // Long lines scroll sideways: keyboard users must be able to reach the scroll (axe).
          tabIndex={0}
          m={0}
          p="sm"
          style={{
            overflowX: 'auto',
            borderRadius: 'var(--mantine-radius-sm)',
            background: 'var(--mantine-color-gray-0)',
            border: '1px solid var(--mantine-color-gray-3)',
            fontSize: 'var(--mantine-font-size-xs)',
          }}
        >
          <code data-testid="first-topic-command">{command}</code>
        </Box>
      </Box>
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
