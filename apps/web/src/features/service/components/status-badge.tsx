import { Group, Text } from '@mantine/core';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import { serviceStatusWords } from '@herald/contract/services/service-status-words';
import { ServiceStatusBadge } from '../../../components/service-status-badge';

/**
 * The overview's status (spec section 4): the person's word with the wire value in a tooltip; an in-progress
 * status also says what is happening.
 */
export function StatusBadge({ status }: { status: ServiceStatus }) {
  const { tone, detail } = serviceStatusWords(status);
  return (
    <Group gap="xs" wrap="nowrap" role="status" aria-label="Service status">
      <ServiceStatusBadge status={status} hint="tooltip" />
      {tone === 'progress' && (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      )}
    </Group>
  );
}
