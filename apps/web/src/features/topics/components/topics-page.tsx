import { Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { hasPermission, type Role } from '@herald/contract/members/permissions';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import type { Service } from '@herald/contract/services/service.schema';
import { useMemo } from 'react';
import { MessagingIndicator } from '../../../components/messaging-indicator';
import { ServiceNotRunning } from '../../../components/service-not-running';
import { useMessagingSession } from '../../../lib/messaging';
import { TopicBrowser } from './topic-browser';
import { TopicsEmptyState } from './topics-empty-state';

export interface TopicsPageProps {
  service: Service;
  roles: Role[];
  status: ServiceStatus;
}

/**
 * Develop → Topics (spec section 2, `topics/*`; issue 10 item 3): the live topic browser of a running service.
 * A User browses; an Admin or Owner also edits (configure-service-console). A service that is not running has no
 * topics to show, and the page says why.
 */
export function TopicsPage({ service, roles, status }: TopicsPageProps) {
  useDocumentTitle('Topics · Herald Cloud');
  const canEdit = hasPermission(roles, 'configure-service-console');
  const isRunning = status === 'RUNNING';
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1}>Topics</Title>
        {isRunning && <MessagingIndicator />}
      </Group>
      {isRunning ? (
        <LiveTopicBrowser service={service} canEdit={canEdit} />
      ) : (
        <ServiceNotRunning title="Topics are shown while the service is running" status={status} />
      )}
    </Stack>
  );
}

/** The browser with the messaging session, which only a running service's page opens. */
function LiveTopicBrowser({ service, canEdit }: { service: Service; canEdit: boolean }) {
  // subscribe is stable for the life of the service layout; the handle itself changes with the session's state.
  const { subscribe } = useMessagingSession();
  const session = useMemo(() => ({ subscribe }), [subscribe]);
  return (
    <TopicBrowser
      service={service}
      canEdit={canEdit}
      session={session}
      emptyState={<TopicsEmptyState service={service} />}
    />
  );
}
