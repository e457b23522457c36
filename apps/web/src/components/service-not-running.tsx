import { Alert, Group, Text } from '@mantine/core';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import { serviceStatusWords } from '@herald/contract/services/service-status-words';
import { ServiceStatusBadge } from './service-status-badge';

export interface ServiceNotRunningProps {
  /** What the page shows once the service runs ("Topics are shown while the service is running"). */
  title: string;
  status: ServiceStatus;
}

/**
 * The pages that ask the service's runtime (topics, roles, auth) have nothing to show while it is not running: say
 * so, with the status in a person's words and what it means.
 */
export function ServiceNotRunning({ title, status }: ServiceNotRunningProps) {
  const words = serviceStatusWords(status);
  return (
    <Alert color="gray" variant="light" title={title}>
      <Group gap="xs" mb={4}>
        <Text size="sm">The service is</Text>
        <ServiceStatusBadge status={status} hint="tooltip" />
      </Group>
      <Text size="sm">{words.detail}</Text>
    </Alert>
  );
}
