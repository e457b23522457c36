import { serviceHostname, type ServiceHostnameInput } from './service-display';
import type { ServiceEndpoints } from './service.schema';

/**
 * The host a client connects to (issue 25, item 20): the service's host name (service name and region, spec section
 * 9) under SERVICE_DOMAIN, `weather-station` in `eu-west-1.local` under `localhost` →
 * `weather-station.eu-west-1.local.localhost`. The server builds the service's endpoints from it (its WebSocket URL,
 * and the MQTT/TCP host outside `localhost`) and routes a request's Host by it.
 */
export function serviceConnectHost(service: ServiceHostnameInput, serviceDomain: string): string {
  return `${serviceHostname(service)}.${serviceDomain}`;
}

/**
 * The host a client connects to, read from what the API returns (the WebSocket URL is built from it): the one host
 * name every screen shows (cards, the overview), so none shows the bare `{service}.{region}` no client can reach.
 * Null for a URL that is not ws:// or wss://.
 */
export function serviceHostOf(endpoints: Pick<ServiceEndpoints, 'websocketUrl'>): string | null {
  const match = /^wss?:\/\/([^/?#:]+)/i.exec(endpoints.websocketUrl.trim());
  return match?.[1]?.toLowerCase() ?? null;
}

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
