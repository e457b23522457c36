import type { ServiceStatus } from '@herald/contract/services/service-status';

/**
 * How each status of spec section 4 shows on the overview: the badge carries the status itself
 * (end-to-end tests read 'RUNNING'), in a colour, and an in-progress status says what is happening.
 */
export const STATUS_TEXT: Record<ServiceStatus, { color: string; progress?: string }> = {
  SUSPENDED: { color: 'orange' },
  CHECKING: { color: 'blue', progress: 'Checking the service…' },
  POD_PENDING: { color: 'blue', progress: 'Waiting for capacity to start the service…' },
  POD_INITIALIZING: { color: 'blue', progress: 'Starting the service…' },
  POD_RUNNING_PENDING_DNS: {
    color: 'blue',
    progress: 'The service runs; its address is being published…',
  },
  RUNNING: { color: 'green' },
  ERROR: { color: 'red' },
  UNAVAILABLE: { color: 'gray' },
};
