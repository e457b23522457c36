import type { LogLevel } from '@herald/contract/logs/logs.schema';
import {
  runtimeExitEvent,
  serviceStatusEvent,
  versionUpdateEvent,
} from '@herald/contract/logs/service-event-text';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { LogStore } from '../../adapters/log-store/log-store';
import type { LocalProvisioner } from '../../adapters/provisioner/local-provisioner';
import { cleanFields } from '../../adapters/provisioner/log-line';

/**
 * The service's event log (kind 'event', docs/decisions/022): what the control plane did or saw, in sentences from
 * the contract (logs/service-event-text.ts). Events are appended one after another per store, so a status written
 * right after another is never stored before it, and the same status sentence is not written twice in a row.
 */
interface EventLog {
  queue: Promise<void>;
  /** The last status sentence appended per service (repeated identical status writes add nothing). */
  lastStatus: Map<string, string>;
}

const eventLogs = new WeakMap<LogStore, EventLog>();

function eventLogOf(store: LogStore): EventLog {
  let log = eventLogs.get(store);
  if (!log) {
    log = { queue: Promise.resolve(), lastStatus: new Map() };
    eventLogs.set(store, log);
  }
  return log;
}

interface EventContext {
  logStore: LogStore;
  log: FastifyBaseLogger;
  clock: () => Date;
}

function enqueue(
  app: EventContext,
  serviceId: string,
  level: LogLevel,
  message: string,
  fields: Record<string, unknown> | undefined,
  isStatus: boolean,
): Promise<void> {
  const log = eventLogOf(app.logStore);
  const at = app.clock();
  const work = log.queue.then(async () => {
    if (isStatus && log.lastStatus.get(serviceId) === message) return;
    try {
      const cleaned = fields ? cleanFields(fields) : {};
      await app.logStore.append([
        {
          serviceId,
          stream: { kind: 'event' },
          at,
          level,
          message,
          fields: Object.keys(cleaned).length > 0 ? cleaned : null,
        },
      ]);
      if (isStatus) log.lastStatus.set(serviceId, message);
      else log.lastStatus.delete(serviceId);
    } catch (error) {
      // An event log line is never a reason to fail what it describes.
      app.log.warn({ err: error, serviceId, event: message }, 'Could not record a service event');
    }
  });
  log.queue = work;
  return work;
}

/**
 * Appends one line to the service's event log. Never throws: a failure is logged as a warning. Resolves once the
 * line is stored (or failed), after every event recorded before it.
 */
export function recordServiceEvent(
  app: EventContext,
  serviceId: string,
  level: LogLevel,
  message: string,
  fields?: Record<string, unknown>,
): Promise<void> {
  return enqueue(app, serviceId, level, message, fields, false);
}

/** Resolves when every event recorded so far is stored (a closing app waits for them). */
export function serviceEventsSettled(store: LogStore): Promise<void> {
  return eventLogOf(store).queue;
}

/**
 * Writes the provisioner's statuses and what only it sees (a runtime's unexpected exit with its code and the
 * restart delay, a due version update) into the event logs.
 */
export function recordProvisionerEvents(
  app: FastifyInstance,
  provisioner: Pick<LocalProvisioner, 'watchStatus' | 'watchEvents'>,
): void {
  provisioner.watchStatus((serviceId, status) => {
    const event = serviceStatusEvent(status);
    if (event) void enqueue(app, serviceId, event.level, event.message, undefined, true);
  });
  provisioner.watchEvents((event) => {
    if (event.type === 'version-update') {
      const text = versionUpdateEvent(event.from, event.to);
      void recordServiceEvent(app, event.serviceId, text.level, text.message, {
        from: event.from,
        to: event.to,
      });
      return;
    }
    const text = runtimeExitEvent(event);
    void recordServiceEvent(app, event.serviceId, text.level, text.message, {
      ...(event.code !== undefined && event.code !== null && { exitCode: event.code }),
      ...(event.signal && { signal: event.signal }),
      ...(event.restartInMs !== null && { restartInMs: event.restartInMs }),
    });
  });
}
