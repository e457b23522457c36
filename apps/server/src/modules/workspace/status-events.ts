import type { ServiceStatusEvent } from '@herald/contract/services/service-status-stream';
import { STATUS_STREAM_MAX_PER_USER } from '@herald/contract/services/service-status-stream';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { service } from '../../db/schema';
import { statusOf } from '../service/service.mapper';

export type StatusEventListener = (event: ServiceStatusEvent) => void;

/**
 * The in-process hub of service status changes (docs/decisions/016): every status write publishes here, and each
 * open status stream listens to its workspace. One server process only: a second server sharing the database
 * publishes to its own hub, and its tabs keep the 10 s poll as their fallback.
 */
export interface StatusEvents {
  /** A written row's status, published at once (route handlers have the row). */
  publishRow(row: {
    id: string;
    workspaceId: string;
    status: string;
    mqttPort: number | null;
  }): void;
  /**
   * A status the provisioner wrote for a service: its workspace and port are read, and the events of one service
   * are published in the order they were written.
   */
  publishWritten(serviceId: string, status: string): void;
  subscribe(workspaceId: string, listener: StatusEventListener): () => void;
  /** Takes one of the user's stream slots; null when all are in use. Call the result when the stream ends. */
  acquireSlot(userId: string): (() => void) | null;
  /** Registers how to end an open stream; returns the deregistration. */
  track(endStream: () => void): () => void;
  /** Ends every open stream (server shutdown), so none holds the server open. */
  endAll(): void;
  /** Heartbeat interval of the streams; tests shorten it. */
  heartbeatMs: number;
}

export function createStatusEvents(options: {
  db: Database;
  logger: FastifyBaseLogger;
  heartbeatMs: number;
  maxStreamsPerUser?: number;
}): StatusEvents {
  const { db, logger } = options;
  const maxPerUser = options.maxStreamsPerUser ?? STATUS_STREAM_MAX_PER_USER;
  const listeners = new Map<string, Set<StatusEventListener>>();
  const slots = new Map<string, number>();
  const openStreams = new Set<() => void>();
  const pendingByService = new Map<string, Promise<void>>();

  function emit(workspaceId: string, event: ServiceStatusEvent): void {
    for (const listener of listeners.get(workspaceId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        logger.warn({ err: error, serviceId: event.serviceId }, 'A status stream listener failed');
      }
    }
  }

  async function readAndEmit(serviceId: string, status: string): Promise<void> {
    const [row] = await db
      .select({ workspaceId: service.workspaceId, mqttPort: service.mqttPort })
      .from(service)
      .where(eq(service.id, serviceId))
      .limit(1);
    if (row) emit(row.workspaceId, { serviceId, status: statusOf(status), mqttPort: row.mqttPort });
  }

  /** Runs the publications of one service one after another, so its events keep the order of its writes. */
  function enqueue(serviceId: string, publish: () => Promise<void>): void {
    const previous = pendingByService.get(serviceId) ?? Promise.resolve();
    const next = previous
      .then(publish)
      .catch((error: unknown) => {
        logger.warn({ err: error, serviceId }, 'A status change could not be published');
      })
      .finally(() => {
        if (pendingByService.get(serviceId) === next) pendingByService.delete(serviceId);
      });
    pendingByService.set(serviceId, next);
  }

  return {
    heartbeatMs: options.heartbeatMs,
    publishRow(row) {
      const event = { serviceId: row.id, status: statusOf(row.status), mqttPort: row.mqttPort };
      enqueue(row.id, async () => emit(row.workspaceId, event));
    },
    publishWritten(serviceId, status) {
      if (listeners.size === 0) return;
      enqueue(serviceId, () => readAndEmit(serviceId, status));
    },
    subscribe(workspaceId, listener) {
      const set = listeners.get(workspaceId) ?? new Set();
      set.add(listener);
      listeners.set(workspaceId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(workspaceId);
      };
    },
    acquireSlot(userId) {
      const used = slots.get(userId) ?? 0;
      if (used >= maxPerUser) return null;
      slots.set(userId, used + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (slots.get(userId) ?? 1) - 1;
        if (left <= 0) slots.delete(userId);
        else slots.set(userId, left);
      };
    },
    track(endStream) {
      openStreams.add(endStream);
      return () => openStreams.delete(endStream);
    },
    endAll() {
      for (const endStream of [...openStreams]) endStream();
      openStreams.clear();
    },
  };
}
