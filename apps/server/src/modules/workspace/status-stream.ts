import { ERROR_CODES } from '@herald/contract/api/errors';
import {
  SERVICE_STATUS_EVENT,
  STATUS_STREAM_RETRY_MS,
} from '@herald/contract/services/service-status-stream';
import type { ServiceStatusEvent } from '@herald/contract/services/service-status-stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { requireSession } from '../../plugins/auth';
import { findMemberRoles } from './workspace.repository';

export const TOO_MANY_STREAMS_MESSAGE =
  'Too many open status streams for this account. Close a dashboard tab and try again.';

/** A client that reads slower than this much pending output is dropped (its browser reconnects and resyncs). */
const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * GET /v3/workspace/{workspaceId}/services/events: server-sent events of the workspace's service statuses
 * (docs/decisions/016). The route guard has checked the session and the membership; each heartbeat checks both
 * again, so a removed member or a revoked session stops receiving within one heartbeat.
 */
export async function streamServiceStatuses(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { workspaceId: string } }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const session = requireSession(request);
  const { workspaceId } = request.params;
  const releaseSlot = app.statusEvents.acquireSlot(session.userId);
  if (!releaseSlot) throw new HttpError(429, ERROR_CODES.tooManyRequests, TOO_MANY_STREAMS_MESSAGE);

  reply.hijack();
  const raw = reply.raw;
  // Hijacked: the headers hooks set so far (request id, security headers) are copied by hand.
  const hookHeaders = Object.fromEntries(
    Object.entries(reply.getHeaders()).filter(
      (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
    ),
  );
  raw.writeHead(200, {
    ...hookHeaders,
    'content-type': 'text/event-stream; charset=utf-8',
    // no-transform: a compressing proxy would otherwise buffer the events.
    'cache-control': 'no-store, no-transform',
    'x-accel-buffering': 'no',
    // A stream's connection is never reused: once it ends (shutdown, revocation) the socket closes with it.
    connection: 'close',
  });
  raw.write(`retry: ${STATUS_STREAM_RETRY_MS}\n: connected\n\n`);

  // (`inject()` requests have a stand-in socket without destroy.)
  const destroySocket = (): void => {
    const socket: { destroy?: unknown } | undefined = request.raw.socket;
    if (typeof socket?.destroy === 'function') request.raw.socket.destroy();
  };
  let ended = false;
  const end = (): void => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    untrack();
    releaseSlot();
    // The socket goes with the stream: a client that hung up without closing its side (an aborted fetch keeps
    // its socket) would otherwise hold a shutting-down server open.
    if (!raw.writableEnded) raw.end(destroySocket);
    else destroySocket();
  };
  const send = (chunk: string): void => {
    if (ended) return;
    if (raw.writableLength > MAX_BUFFERED_BYTES) {
      request.log.info({ workspaceId }, 'Status stream dropped: the client does not read');
      end();
      return;
    }
    raw.write(chunk);
  };

  const unsubscribe = app.statusEvents.subscribe(workspaceId, (event: ServiceStatusEvent) => {
    send(`event: ${SERVICE_STATUS_EVENT}\ndata: ${JSON.stringify(event)}\n\n`);
  });
  const untrack = app.statusEvents.track(end);
  const heartbeat = setInterval(() => {
    void stillAllowed(app, session.token, session.userId, workspaceId).then(
      (allowed) => (allowed ? send(': heartbeat\n\n') : end()),
      (error: unknown) => {
        request.log.warn({ err: error, workspaceId }, 'Status stream check failed; closing');
        end();
      },
    );
  }, app.statusEvents.heartbeatMs);
  heartbeat.unref();
  raw.on('close', end);
  raw.on('error', end);
  return reply;
}

/** The session is still valid and its user still a member of the workspace. */
async function stillAllowed(
  app: FastifyInstance,
  token: string,
  userId: string,
  workspaceId: string,
): Promise<boolean> {
  const session = await app.identity.getSession(token);
  if (!session || session.userId !== userId) return false;
  return (await findMemberRoles(app.db, workspaceId, userId)).length > 0;
}
