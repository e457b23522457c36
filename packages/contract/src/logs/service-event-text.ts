import { auditSentence } from '../members/audit-sentence';
import type { AuditAction } from '../members/member.schema';
import type { ServiceStatus } from '../services/service-status';
import type { LogLevel } from './logs.schema';

/** A line of a service's event log (kind 'event'): what a person reads, and how severe it is. */
export interface ServiceEventText {
  level: LogLevel;
  message: string;
}

/**
 * The event log's sentence for each status the provisioner writes (docs/decisions/022). CHECKING and UNAVAILABLE
 * are not written by a provisioner (the create path and the status reader say them), so they have none.
 */
const STATUS_EVENTS: Partial<Record<ServiceStatus, ServiceEventText>> = {
  RUNNING: { level: 'info', message: 'The service is running' },
  POD_PENDING: { level: 'info', message: 'Waiting for resources' },
  POD_INITIALIZING: { level: 'info', message: 'Starting the service' },
  POD_RUNNING_PENDING_DNS: { level: 'info', message: 'Registering the service’s address' },
  SUSPENDED: { level: 'info', message: 'The service is suspended' },
  ERROR: { level: 'error', message: 'The service failed to start; see the service log' },
};

/** The event for a status written by the provisioner; null for a status that gets no event. */
export function serviceStatusEvent(status: string): ServiceEventText | null {
  return STATUS_EVENTS[status as ServiceStatus] ?? null;
}

export const SERVICE_CREATED_EVENT: ServiceEventText = {
  level: 'info',
  message: 'The service was created',
};

/** Member requests that change how the service runs read as requests: the statuses that follow say what happened. */
const REQUESTED: Partial<Record<AuditAction, string>> = {
  'service.restarted': 'Restart requested',
  'service.topic_tree_reset': 'Topic tree reset requested',
  'service.cancelled': 'Deletion requested',
};

/**
 * The event for a member's action on the service (the member's e-mail goes in the line's fields): a request to
 * restart, reset or delete reads as a request; any other change uses the Activity tab's sentence.
 */
export function serviceActionEvent(
  action: AuditAction,
  serviceName: string,
  details: Record<string, unknown> = {},
): ServiceEventText {
  const requested = REQUESTED[action];
  if (requested) return { level: 'info', message: requested };
  return { level: 'info', message: auditSentence({ action, target: serviceName, details }) };
}

/** What the provisioner saw when a runtime stopped without being asked to. */
export interface RuntimeExit {
  /** The process's exit code, or its signal, when it was our child. */
  code?: number | null;
  signal?: string | null;
  /** A re-attached runtime that stopped answering rather than exiting. */
  isUnresponsive?: boolean;
  /** The runtime did not get up (it exited during its start or never got healthy): its output says why. */
  isStartFailure?: boolean;
  /** When the next start is tried; null when the provisioner gave up (status ERROR follows). */
  restartInMs: number | null;
}

function seconds(ms: number): string {
  const value = ms / 1000;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} s`;
}

/** "The service stopped unexpectedly (exit code 1); restarting in 0.5 s". */
export function runtimeExitEvent(exit: RuntimeExit): ServiceEventText {
  const how = exit.isUnresponsive
    ? 'The service stopped answering'
    : exit.isStartFailure
      ? 'The service failed to start (see the service log)'
      : typeof exit.code === 'number'
        ? `The service stopped unexpectedly (exit code ${exit.code})`
        : exit.signal
          ? `The service stopped unexpectedly (signal ${exit.signal})`
          : 'The service stopped unexpectedly';
  const next =
    exit.restartInMs === null
      ? 'it keeps failing, so it is not restarted until a restart is requested'
      : `restarting in ${seconds(exit.restartInMs)}`;
  return { level: 'error', message: `${how}; ${next}` };
}

/** A scheduled version update that became due. */
export function versionUpdateEvent(from: string, to: string): ServiceEventText {
  return { level: 'info', message: `Updating the service from version ${from} to ${to}` };
}
