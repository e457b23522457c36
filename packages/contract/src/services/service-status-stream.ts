import type { ServiceStatus } from './service-status';
import { isServiceStatus } from './service-status-rules';

/**
 * The live status stream of a workspace's services (issue 9, docs/decisions/016): server-sent events, one stream
 * per signed-in tab. Plain TypeScript (no zod) so the dashboard reads events without loading the schemas; the
 * route table's schema is in service-status-events.ts.
 */

/** What a card or the overview shows that changes with a status: nothing more. */
export interface ServiceStatusEvent {
  serviceId: string;
  status: ServiceStatus;
  /** The MQTT/TCP port, assigned when the service first starts (null before). */
  mqttPort: number | null;
}

/** The SSE event name of a status change. */
export const SERVICE_STATUS_EVENT = 'status';

/** A comment line this often keeps proxies from closing an idle stream; membership is checked again each time. */
export const STATUS_STREAM_HEARTBEAT_MS = 15_000;

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
export const STATUS_STREAM_RETRY_MS = 2_000;

/** Open streams per user (all tabs, all workspaces); one more answers 429. */
export const STATUS_STREAM_MAX_PER_USER = 10;

/** An event's `data` text as a status event, or null when it is not one (never throws). */
export function parseServiceStatusEvent(data: string): ServiceStatusEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { serviceId, status, mqttPort } = value as Record<string, unknown>;
  if (typeof serviceId !== 'string' || serviceId === '' || !isServiceStatus(status)) return null;
  if (
    mqttPort !== null &&
    !(typeof mqttPort === 'number' && Number.isInteger(mqttPort) && mqttPort > 0)
  )
    return null;
  return { serviceId, status, mqttPort };
}
