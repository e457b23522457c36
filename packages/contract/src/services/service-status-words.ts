import type { ServiceStatus } from './service-status';

/**
 * How a status feels to a person: `progress` (it will change by itself), `positive`, `negative`, `caution` (it
 * needs a look) or `neutral`. The web picks a colour per tone; the tone comes from the status groups of spec
 * section 4, so a badge can never spin for a settled status or sit still for an in-progress one.
 */
export type ServiceStatusTone = 'progress' | 'positive' | 'negative' | 'caution' | 'neutral';

export interface ServiceStatusWords {
  /** One word a person understands, shown on every badge ("Starting", "Running", "Error"). */
  label: string;
  tone: ServiceStatusTone;
  /** One sentence saying what is happening, for the overview and the badge's tooltip. */
  detail: string;
}

/**
 * The words of every wire status (spec section 4). The wire value stays in a tooltip for support; the
 * in-progress group reads "Starting" whatever its step, because the step names are the provisioner's, not the
 * user's (restart, reset and upgrade pass through the same steps).
 */
const STATUS_WORDS = {
  CHECKING: { label: 'Starting', tone: 'progress', detail: 'Checking the service…' },
  POD_PENDING: {
    label: 'Starting',
    tone: 'progress',
    detail: 'Waiting for capacity to start the service…',
  },
  POD_INITIALIZING: { label: 'Starting', tone: 'progress', detail: 'Starting the service…' },
  POD_RUNNING_PENDING_DNS: {
    label: 'Starting',
    tone: 'progress',
    detail: 'The service runs; its address is being published…',
  },
  RUNNING: {
    label: 'Running',
    tone: 'positive',
    detail: 'The service is running and accepts connections.',
  },
  ERROR: {
    label: 'Error',
    tone: 'negative',
    detail: 'The service stopped after repeated failures. Restart it to try again.',
  },
  SUSPENDED: {
    label: 'Suspended',
    tone: 'neutral',
    detail: 'The service is suspended and accepts no connections.',
  },
  UNAVAILABLE: {
    label: 'Unavailable',
    tone: 'caution',
    detail: 'The service could not be found; it may have been deleted.',
  },
} as const satisfies Record<ServiceStatus, ServiceStatusWords>;

/** The person's word, tone and sentence for a wire status. */
export function serviceStatusWords(status: ServiceStatus): ServiceStatusWords {
  return STATUS_WORDS[status];
}
