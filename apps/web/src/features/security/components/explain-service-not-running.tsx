import { Alert, Group, Text } from '@mantine/core';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import { serviceStatusWords } from '@herald/contract/services/service-status-words';
import { ServiceStatusBadge } from '../../../components/service-status-badge';

/** The security screens ask the running service (its runtime keeps both stores): otherwise, say why not. */
export function ServiceNotRunning({ title, status }: { title: string; status: ServiceStatus }) {
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
