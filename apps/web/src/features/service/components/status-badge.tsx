import { lightBadgeTextColor } from '../../../components/badge-contrast';
import { Badge, Group, Loader, Text } from '@mantine/core';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import { isTransitionalStatus } from '@herald/contract/services/service-status-rules';
import { STATUS_TEXT } from '../utils/status-text';

/** The service's status (spec section 4); a transitional status says what is in progress. */
export function StatusBadge({ status }: { status: ServiceStatus }) {
  const text = STATUS_TEXT[status];
  return (
    <Group gap="xs" wrap="nowrap" role="status" aria-label="Service status">
      {/* The darkest shade keeps light badges at WCAG AA contrast. */}
      <Badge
        color={text.color}
        variant="light"
        style={{ '--badge-color': lightBadgeTextColor(text.color) }}
      >
        {status}
      </Badge>
      {isTransitionalStatus(status) && (
        <>
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            {text.progress}
          </Text>
        </>
      )}
    </Group>
  );
}
