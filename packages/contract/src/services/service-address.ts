import type { ServiceEndpoints } from './service.schema';

/** Shown instead of a port that is not assigned yet (the service has not started). */
export const PORT_PENDING_TEXT = 'The port is assigned when the service starts';

/**
 * The MQTT/TCP address as a person copies it: `host:port`, or null while no port is assigned, so no screen shows
 * a bare host as if it were a complete address (issue 9).
 */
export function mqttTcpAddress(
  endpoints: Pick<ServiceEndpoints, 'mqttHost' | 'mqttPort'>,
): string | null {
  return endpoints.mqttPort === null ? null : `${endpoints.mqttHost}:${endpoints.mqttPort}`;
}
