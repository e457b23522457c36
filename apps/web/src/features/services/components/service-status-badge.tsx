import { lightBadgeTextColor } from '../../../components/badge-contrast';
import { Badge, Loader } from '@mantine/core';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import { isTransitionalStatus } from '@herald/contract/services/service-status-rules';

/** Label and colour of each status (spec section 4 "Service status"). */
const STATUS_BADGES = {
  CHECKING: { label: 'Checking…', color: 'blue' },
  POD_PENDING: { label: 'Starting…', color: 'blue' },
  POD_INITIALIZING: { label: 'Starting…', color: 'blue' },
  POD_RUNNING_PENDING_DNS: { label: 'Starting…', color: 'blue' },
  RUNNING: { label: 'Running', color: 'green' },
  ERROR: { label: 'Error', color: 'red' },
  SUSPENDED: { label: 'Suspended', color: 'gray' },
  UNAVAILABLE: { label: 'Unavailable', color: 'orange' },
} as const satisfies Record<ServiceStatus, { label: string; color: string }>;

/** A service's status; a transitional one spins while the status poll waits for it to settle. */
export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  const { label, color } = STATUS_BADGES[status];
  return (
    <Badge
      color={color}
      variant="light"
      // The darkest shade keeps light badges at WCAG AA contrast.
      style={{ '--badge-color': lightBadgeTextColor(color) }}
      data-status={status}
      leftSection={
        isTransitionalStatus(status) ? (
          <Loader size={10} color={color} aria-hidden="true" />
        ) : undefined
      }
    >
      {label}
    </Badge>
  );
}
