import type { FastifyReply } from 'fastify';

/**
 * Resolves once the reply has gone out (or the client went away): work started then cannot show in how long the
 * reply took. Node emits `close` on every response, after `finish` or on an aborted connection.
 */
export function replySent(reply: FastifyReply): Promise<void> {
  return new Promise((resolve) => reply.raw.once('close', () => resolve()));
}
